import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { privateJobMachine } from '@/machines/private-job/private-job.machine';
import { stopWindow } from '@/machines/private-job/private-job.rules';
import { currentStep, isBusy, isLoading, isSaving, visibleErrors } from '@/machines/private-job/private-job.selectors';
import type { PrivateJobFieldId, StopField, StopName } from '@/machines/private-job/private-job.types';
import { TIME_CHOICES } from '@/machines/reservation-wizard/reservation-rules';
import { PRIVATE_ON_SITE_OPTIONS_S } from '@/schemas/private-job';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { formatDuration } from '@/src/format/duration';
import { failureText } from '@/src/format/failure-text';
import { SelectField, type Option } from '@/src/pages/reservations/form-controls';
import { TextInput } from '@/src/forms/text-input';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';
import { RULE_MESSAGES, shortDate, STEP_MESSAGES, STOP_MESSAGES } from './calendar-labels';

type PrivateJobActor = ActorRefFrom<typeof privateJobMachine>;

const STEPS = ['stops', 'capacity', 'review'] as const;
const NONE = 'none';

/** A day, as the browser's own date picker (yyyy-MM-dd), with its messages beside it like the other fields. */
function DateInput(props: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  messages: readonly string[];
}) {
  return (
    <TextField
      className="field resv-field"
      data-field={props.name}
      name={props.name}
      type="date"
      value={props.value}
      onChange={props.onChange}
      isInvalid={props.messages.length > 0}
      validationBehavior="aria"
    >
      <Label>{props.label}</Label>
      <Input className={props.messages.length > 0 ? 'is-invalid' : undefined} />
      <FieldError className="field-error">
        {props.messages.map((m) => (
          <span key={m} className="field-error-line">
            {m}
          </span>
        ))}
      </FieldError>
    </TextField>
  );
}

/**
 * The three steps of a private job, new or changed (machines/private-job): 1. pickup and delivery, each a postcode, a
 * day, a window of time choices and a time on site; 2. the volume, the vehicle and driver, a title; 3. the job as it
 * will be saved, each step reopenable, and Save. Each step's messages show beside their fields once the partner tried
 * to go on; a refusal from the server is shown in the review with its own words, everything typed kept.
 */
export function PrivateJobSteps({ actor, title }: { actor: PrivateJobActor; title: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const step = useSelector(actor, currentStep);
  const loading = useSelector(actor, isLoading);
  const busy = useSelector(actor, isBusy);
  const saving = useSelector(actor, isSaving);
  const errors = useSelector(actor, visibleErrors);
  const context = useSelector(actor, (s) => s.context);
  const setupFailed = useSelector(actor, (s) => s.matches('setupFailed'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // a new step is announced by moving focus to its title (the create-reservation wizard does the same)
  useEffect(() => {
    if (step) headingRef.current?.focus();
  }, [step]);

  const { form, setup, failure } = context;
  const send = actor.send;
  const messagesOf = (field: PrivateJobFieldId) => {
    const rule = errors[field];
    return rule ? [intl.formatMessage(RULE_MESSAGES[rule])] : [];
  };
  const timeOptions: Option[] = TIME_CHOICES.map((time) => ({ id: time, label: time }));
  const onSiteOptions: Option[] = PRIVATE_ON_SITE_OPTIONS_S.map((s) => ({
    id: String(s),
    label: formatDuration(s, fmt.locale),
  }));
  const choose = t('privateJob.choose');

  const stopFields = (stop: StopName) => {
    const values = form[stop];
    const change = (field: StopField, value: string | number | null) =>
      send({ type: 'privateJob.stop.changed', stop, field, value });
    return (
      <fieldset className="resv-section cal-stop" data-testid={`stop-${stop}`}>
        <legend>{intl.formatMessage(STOP_MESSAGES[stop])}</legend>
        <TextInput
          className="field resv-field"
          label={t('privateJob.field.postcode')}
          name={`${stop}-postcode`}
          value={values.postcode}
          onChange={(v) => change('postcode', v)}
          messages={messagesOf(`${stop}.postcode`)}
          description={t('privateJob.postcodeHint')}
          autoComplete="postal-code"
        />
        <DateInput
          label={t('privateJob.field.date')}
          name={`${stop}-date`}
          value={values.date}
          onChange={(v) => change('date', v)}
          messages={messagesOf(`${stop}.date`)}
        />
        <div className="resv-row resv-row-2">
          <SelectField
            label={t('privateJob.field.from')}
            name={`${stop}-from`}
            value={values.from}
            options={timeOptions}
            onChange={(v) => change('from', v)}
            placeholder={choose}
            messages={messagesOf(`${stop}.from`)}
          />
          <SelectField
            label={t('privateJob.field.to')}
            name={`${stop}-to`}
            value={values.to}
            options={timeOptions}
            onChange={(v) => change('to', v)}
            placeholder={choose}
            messages={messagesOf(`${stop}.to`)}
          />
        </div>
        <SelectField
          label={t('privateJob.field.onSite')}
          name={`${stop}-onSite`}
          value={values.onSiteS === null ? '' : String(values.onSiteS)}
          options={onSiteOptions}
          onChange={(v) => change('onSiteS', Number(v))}
          placeholder={choose}
          messages={messagesOf(`${stop}.onSiteS`)}
        />
      </fieldset>
    );
  };

  const vehicleLabel = (id: number | null) =>
    id === null ? t('privateJob.noVehicle') : (setup?.vehicles.find((v) => v.id === id)?.label ?? `#${id}`);
  const driverLabel = (id: number | null) =>
    id === null ? t('privateJob.noDriver') : (setup?.drivers.find((d) => d.id === id)?.name ?? `#${id}`);

  const reviewStop = (stop: StopName) => {
    const values = form[stop];
    const place = context.places[stop];
    const window = stopWindow(values);
    return (
      <div className="cal-review-stop" data-testid={`review-${stop}`}>
        <h4>{intl.formatMessage(STOP_MESSAGES[stop])}</h4>
        <dl className="cal-facts">
          <div>
            <dt>{t('privateJob.field.place')}</dt>
            <dd>{place ? `${place.town} ${place.postcode}` : values.postcode}</dd>
          </div>
          <div>
            <dt>{t('privateJob.field.window')}</dt>
            <dd data-testid={`review-${stop}-window`}>
              {window
                ? t('privateJob.window', {
                    date: shortDate(values.date, fmt.locale),
                    from: fmt.time(new Date(window.from)),
                    to: fmt.time(new Date(window.to)),
                  })
                : ''}
            </dd>
          </div>
          <div>
            <dt>{t('privateJob.field.onSite')}</dt>
            <dd>{formatDuration(values.onSiteS, fmt.locale)}</dd>
          </div>
        </dl>
      </div>
    );
  };

  const problemCount = Object.keys(errors).length;
  const problems =
    problemCount > 0 ? (
      <p className="alert alert-danger" role="alert" data-testid="private-job-problems">
        {t('privateJob.problems', { count: problemCount })}
      </p>
    ) : null;
  const failureBlock = failure ? (
    <div className="alert alert-danger" role="alert" data-testid="private-job-failure">
      <p>
        {step === 'review'
          ? t('privateJob.saveFailed')
          : step === 'stops'
            ? t('privateJob.lookUpFailed')
            : t('privateJob.loadFailed')}
      </p>
      {Object.keys(failure.fields).length > 0 ? (
        <ul>
          {Object.entries(failure.fields).flatMap(([field, messages]) =>
            messages.map((m) => <li key={`${field}-${m}`}>{m}</li>),
          )}
        </ul>
      ) : failure.kind !== 'refused' || failure.message !== 'messages.validation' ? (
        <p>{failureText(intl, { kind: failure.kind, message: failure.message ?? '' })}</p>
      ) : null}
    </div>
  ) : null;

  // Busy buttons are disabled and say what is under way rather than React Aria's isPending: its announcement names the
  // button, which is gone once the step moves on or the dialogue closes, and that leaves a nameless image behind.
  const actions = () => {
    if (setupFailed)
      return (
        <>
          <Button className="button button-secondary" onPress={() => send({ type: 'privateJob.cancelled' })}>
            {t('privateJob.cancel')}
          </Button>
          <Button className="button" onPress={() => send({ type: 'privateJob.retried' })}>
            {t('app.retry')}
          </Button>
        </>
      );
    if (step === 'stops' || loading)
      return (
        <>
          <Button className="button button-secondary" onPress={() => send({ type: 'privateJob.cancelled' })}>
            {t('privateJob.cancel')}
          </Button>
          <Button
            className="button"
            isDisabled={loading || busy}
            data-testid="private-job-next"
            onPress={() => send({ type: 'privateJob.next' })}
          >
            {busy ? t('privateJob.lookingUp') : t('privateJob.next')}
          </Button>
        </>
      );
    if (step === 'capacity')
      return (
        <>
          <Button className="button button-secondary" onPress={() => send({ type: 'privateJob.back' })}>
            {t('privateJob.back')}
          </Button>
          <Button className="button" data-testid="private-job-next" onPress={() => send({ type: 'privateJob.next' })}>
            {t('privateJob.next')}
          </Button>
        </>
      );
    return (
      <>
        <Button className="button button-secondary" isDisabled={busy} onPress={() => send({ type: 'privateJob.back' })}>
          {t('privateJob.back')}
        </Button>
        <Button
          className="button"
          isDisabled={saving}
          data-testid="private-job-save"
          onPress={() => send({ type: 'privateJob.submitted' })}
        >
          {saving ? t('privateJob.saving') : t('privateJob.save')}
        </Button>
      </>
    );
  };

  const stepIndex = step ? STEPS.indexOf(step) : -1;
  return (
    <ReservationDialog
      testId="private-job-dialog"
      title={title}
      busy={busy}
      failed={false}
      onDismiss={() => send({ type: 'privateJob.cancelled' })}
      actions={actions()}
    >
      {loading ? <PageLoading /> : null}
      {setupFailed ? failureBlock : null}
      {step ? (
        <>
          <ol className="resv-steps" aria-label={t('privateJob.steps')}>
            {STEPS.map((id, i) => (
              <li
                key={id}
                aria-current={stepIndex === i ? 'step' : undefined}
                className={stepIndex > i ? 'is-done' : undefined}
              >
                <span className="resv-step-number" aria-hidden="true">
                  {i + 1}
                </span>
                {intl.formatMessage(STEP_MESSAGES[id])}
              </li>
            ))}
          </ol>
          <h3
            ref={headingRef}
            tabIndex={-1}
            className="resv-step-title"
            data-testid="private-job-step"
            data-step={step}
          >
            {intl.formatMessage(STEP_MESSAGES[step])}
          </h3>
          <div className="cal-job-form">
            {step === 'stops' ? (
              <>
                {stopFields('pickup')}
                {stopFields('delivery')}
                <p className="field-description">{t('privateJob.timesNote')}</p>
                {problems}
                {failureBlock}
              </>
            ) : null}
            {step === 'capacity' ? (
              <>
                <TextInput
                  className="field resv-field"
                  label={t('privateJob.field.volume')}
                  name="volume"
                  inputMode="decimal"
                  value={form.volume}
                  onChange={(volume) => send({ type: 'privateJob.volume.changed', volume })}
                  messages={messagesOf('volume')}
                  description={t('privateJob.volumeHint')}
                />
                <SelectField
                  label={t('privateJob.field.vehicle')}
                  name="vehicle"
                  value={form.vehicleId === null ? NONE : String(form.vehicleId)}
                  options={[
                    { id: NONE, label: t('privateJob.noVehicle') },
                    ...(setup?.vehicles ?? []).map((v) => ({ id: String(v.id), label: v.label })),
                  ]}
                  onChange={(v) =>
                    send({ type: 'privateJob.vehicle.chosen', vehicleId: v === NONE ? null : Number(v) })
                  }
                  placeholder={choose}
                />
                <SelectField
                  label={t('privateJob.field.driver')}
                  name="driver"
                  value={form.driverId === null ? NONE : String(form.driverId)}
                  options={[
                    { id: NONE, label: t('privateJob.noDriver') },
                    ...(setup?.drivers ?? []).map((d) => ({ id: String(d.id), label: d.name })),
                  ]}
                  onChange={(v) => send({ type: 'privateJob.driver.chosen', driverId: v === NONE ? null : Number(v) })}
                  placeholder={choose}
                />
                <TextInput
                  className="field resv-field"
                  label={t('privateJob.field.title')}
                  name="title"
                  value={form.title}
                  onChange={(title) => send({ type: 'privateJob.title.changed', title })}
                  messages={messagesOf('title')}
                  description={t('privateJob.titleHint')}
                />
                {problems}
              </>
            ) : null}
            {step === 'review' ? (
              <div className="cal-review" data-testid="private-job-review">
                {reviewStop('pickup')}
                {reviewStop('delivery')}
                <dl className="cal-facts">
                  <div>
                    <dt>{t('privateJob.field.volume')}</dt>
                    <dd>{t('privateJob.cubicMetres', { value: form.volume.trim().replace(',', '.') })}</dd>
                  </div>
                  <div>
                    <dt>{t('privateJob.field.vehicle')}</dt>
                    <dd>{vehicleLabel(form.vehicleId)}</dd>
                  </div>
                  <div>
                    <dt>{t('privateJob.field.driver')}</dt>
                    <dd>{driverLabel(form.driverId)}</dd>
                  </div>
                  {form.title.trim() !== '' ? (
                    <div>
                      <dt>{t('privateJob.field.title')}</dt>
                      <dd>{form.title.trim()}</dd>
                    </div>
                  ) : null}
                </dl>
                <div className="cal-review-edit">
                  <Button
                    className="button button-secondary"
                    isDisabled={busy}
                    onPress={() => send({ type: 'privateJob.step.chosen', step: 'stops' })}
                  >
                    {t('privateJob.changeStops')}
                  </Button>
                  <Button
                    className="button button-secondary"
                    isDisabled={busy}
                    onPress={() => send({ type: 'privateJob.step.chosen', step: 'capacity' })}
                  >
                    {t('privateJob.changeCapacity')}
                  </Button>
                </div>
                {failureBlock}
              </div>
            ) : null}
          </div>
        </>
      ) : null}
    </ReservationDialog>
  );
}
