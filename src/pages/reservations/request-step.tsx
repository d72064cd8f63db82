import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { TIME_CHOICES } from '@/machines/reservation-wizard/reservation-rules';
import type { reservationWizard } from '@/machines/reservation-wizard/reservation-wizard.machine';
import {
  hasTriedNext,
  infoOf,
  isLookingUp,
  isValidating,
  placeOfPostcode,
  placesOf,
  requestOf,
  shownIssuesOf,
  vehiclesOf,
  wasRestored,
} from '@/machines/reservation-wizard/reservation-wizard.selectors';
import type {
  Finish,
  PeopleChoice,
  PrivateJobPatch,
  RequestField,
  RequestPatch,
  Scope,
} from '@/machines/reservation-wizard/reservation-wizard.types';
import type { ProviderVehicleId } from '@/schemas/vehicle';
import { ANYTIME, TIME_ON_SITE_OPTIONS_S } from '@/schemas/reservation';
import { useFormatters } from '@/src/app/use-formatters';
import { formatDuration } from '@/src/format/duration';
import { ChoiceGroup, SelectField, type Option } from './form-controls';
import { TextInput } from '@/src/forms/text-input';
import { FIELD_MESSAGES, ruleMessage, VEHICLE_TYPE_MESSAGES } from './reservation-labels';
import { TimingFields } from './timing-fields';

type WizardActor = ActorRefFrom<typeof reservationWizard>;

/** The dates from `start` to `end` (both included), by week (Monday first). */
function weeksOf(start: string, end: string): string[][] {
  const weeks: string[][] = [];
  for (
    let day = Temporal.PlainDate.from(start);
    Temporal.PlainDate.compare(day, end) <= 0;
    day = day.add({ days: 1 })
  ) {
    if (weeks.length === 0 || day.dayOfWeek === 1) weeks.push([]);
    weeks.at(-1)!.push(day.toString());
  }
  return weeks;
}

/** Step 1 of creating reservations: the request, each rule's message beside its field as the partner types. */
export function RequestStep({ actor }: { actor: WizardActor }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const request = useSelector(actor, requestOf);
  const info = useSelector(actor, infoOf);
  const vehicles = useSelector(actor, vehiclesOf);
  const issues = useSelector(actor, shownIssuesOf);
  const validating = useSelector(actor, isValidating);
  const restored = useSelector(actor, wasRestored);
  const places = useSelector(actor, placesOf);
  const daysId = useId();
  const triedNext = useSelector(actor, hasTriedNext);
  const found = (text: string) => placeOfPostcode(places, text);
  const looking = (text: string) => isLookingUp(places, text);

  const change = (patch: RequestPatch) => actor.send({ type: 'request.changed', patch });
  const changeJob = (patch: PrivateJobPatch) => actor.send({ type: 'privateJob.changed', patch });
  const period = info?.reservation_period;
  const values = { start: period ? fmt.date(period.start) : '', end: period ? fmt.date(period.end) : '' };
  const messagesOf = (field: RequestField) =>
    issues.filter((i) => i.field === field).map((i) => intl.formatMessage(ruleMessage(i.code), values));
  const label = (field: RequestField) => intl.formatMessage(FIELD_MESSAGES[field]);
  const timeOptions = (withAnytime: boolean): Option[] => [
    ...(withAnytime ? [{ id: ANYTIME, label: intl.formatMessage({ id: 'reservations.time.anytime' }) }] : []),
    ...TIME_CHOICES.map((t) => ({ id: t, label: t })),
  ];
  const onSiteOptions: Option[] = TIME_ON_SITE_OPTIONS_S.map((s) => ({
    id: String(s),
    label: formatDuration(s, fmt.locale),
  }));
  const placeHint = (text: string) => {
    const place = found(text);
    if (place) return intl.formatMessage({ id: 'reservations.postcode.found' }, { town: place.town });
    return looking(text) ? intl.formatMessage({ id: 'reservations.postcode.looking' }) : undefined;
  };
  const postcodeField = (field: RequestField, value: string, onChange: (v: string) => void) => (
    <TextInput
      className="field resv-field"
      label={label(field)}
      name={field}
      value={value}
      onChange={onChange}
      messages={messagesOf(field)}
      description={placeHint(value) ?? intl.formatMessage({ id: 'reservations.postcode.hint' })}
      autoComplete="postal-code"
    />
  );
  const job = request.privateJob;

  return (
    <form
      className="resv-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'wizard.next' });
      }}
    >
      {restored ? (
        <p className="alert alert-info" role="status">
          {intl.formatMessage({ id: 'reservations.create.restored' })}
        </p>
      ) : null}

      <div className="resv-section">
        {vehicles.length === 0 ? (
          <p className="alert alert-info">{intl.formatMessage({ id: 'reservations.create.noVehicles' })}</p>
        ) : (
          <ChoiceGroup
            asTitle
            label={label('vehicle')}
            name="vehicle"
            value={request.vehicleId === null ? null : String(request.vehicleId)}
            onChange={(v) => change({ vehicleId: Number(v) as ProviderVehicleId })}
            messages={messagesOf('vehicle')}
            choices={vehicles.map((v) => ({
              value: String(v.id),
              label: `${v.registration} · ${intl.formatMessage(VEHICLE_TYPE_MESSAGES[v.type])}`,
              description: `${v.name} · ${intl.formatMessage({ id: 'reservations.cubicMetres' }, { value: v.loading_capacity_m3 })}${v.place ? ` · ${v.place.town}` : ''}`,
            }))}
          />
        )}
      </div>

      <div className="resv-section">
        {period ? (
          <fieldset
            className="resv-days radio-choices"
            aria-describedby={`${daysId}-hint${messagesOf('dates').length > 0 ? ` ${daysId}-error` : ''}`}
            data-invalid={messagesOf('dates').length > 0 || undefined}
          >
            <legend className="resv-section-title">{label('dates')}</legend>
            <p id={`${daysId}-hint`} className="field-description">
              {intl.formatMessage({ id: 'reservations.days.hint' }, values)}
            </p>
            {weeksOf(period.start, period.end).map((week) => (
              <div
                key={week[0]}
                className="resv-week"
                role="group"
                aria-label={intl.formatMessage({ id: 'reservations.days.week' }, { date: fmt.date(week[0]) })}
              >
                {week.map((date, i) => {
                  const day = Temporal.PlainDate.from(date);
                  const ticked = request.dates.includes(date);
                  return (
                    <label
                      key={date}
                      className="resv-day"
                      data-selected={ticked || undefined}
                      // a week that starts mid-week keeps each day under its weekday
                      style={i === 0 ? { gridColumnStart: day.dayOfWeek } : undefined}
                    >
                      <input
                        type="checkbox"
                        className="visually-hidden"
                        name="dates"
                        value={date}
                        checked={ticked}
                        onChange={() => actor.send({ type: 'date.toggled', date })}
                        aria-label={fmt.date(date)}
                      />
                      <span className="resv-day-name" aria-hidden="true">
                        {intl.formatDate(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)), {
                          weekday: 'short',
                          timeZone: 'UTC',
                        })}
                      </span>
                      <span className="resv-day-number" aria-hidden="true">
                        {day.day}
                      </span>
                      {day.day === 1 || date === period.start ? (
                        <span className="resv-day-name" aria-hidden="true">
                          {intl.formatDate(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)), {
                            month: 'short',
                            timeZone: 'UTC',
                          })}
                        </span>
                      ) : null}
                    </label>
                  );
                })}
              </div>
            ))}
            {messagesOf('dates').length > 0 ? (
              <p id={`${daysId}-error`} className="field-error">
                {messagesOf('dates').map((m) => (
                  <span key={m} className="field-error-line">
                    {m}
                  </span>
                ))}
              </p>
            ) : null}
          </fieldset>
        ) : null}
      </div>

      <fieldset className="resv-section">
        <legend>{intl.formatMessage({ id: 'reservations.section.where' })}</legend>
        <ChoiceGroup<Scope>
          label={label('scope')}
          name="scope"
          value={request.scope}
          onChange={(scope) => change({ scope })}
          messages={messagesOf('scope')}
          choices={[
            {
              value: 'local',
              label: intl.formatMessage({ id: 'reservations.scope.local' }),
              description: intl.formatMessage({ id: 'reservations.scope.localHint' }),
            },
            {
              value: 'nationwide',
              label: intl.formatMessage({ id: 'reservations.scope.nationwide' }),
              description: intl.formatMessage(
                { id: 'reservations.scope.nationwideHint' },
                { min: fmt.money(5000), max: fmt.money(6000) },
              ),
            },
          ]}
        />
        {postcodeField('startPostcode', request.startPostcode, (startPostcode) => change({ startPostcode }))}
        <ChoiceGroup<Finish>
          label={label('finish')}
          name="finish"
          value={request.finish}
          onChange={(finish) => change({ finish })}
          messages={messagesOf('finish')}
          choices={[
            { value: 'start', label: intl.formatMessage({ id: 'reservations.finish.start' }) },
            {
              value: 'anywhere',
              label: intl.formatMessage({ id: 'reservations.finish.anywhere' }),
              description: intl.formatMessage({ id: 'reservations.finish.anywhereHint' }),
            },
            { value: 'elsewhere', label: intl.formatMessage({ id: 'reservations.finish.elsewhere' }) },
          ]}
        />
        {request.finish === 'elsewhere'
          ? postcodeField('endPostcode', request.endPostcode, (endPostcode) => change({ endPostcode }))
          : null}
      </fieldset>

      <fieldset className="resv-section">
        <legend>{intl.formatMessage({ id: 'reservations.section.when' })}</legend>
        <TimingFields
          namePrefix=""
          value={request}
          ownWindowAllowed={info?.custom_reservation === true}
          ownWindowDisabled={info?.custom_reservation === false}
          timeOptions={timeOptions}
          label={label}
          messagesOf={messagesOf}
          onChange={change}
          rowClassName="resv-row"
        />
      </fieldset>

      <fieldset className="resv-section">
        <legend>{intl.formatMessage({ id: 'reservations.section.crew' })}</legend>
        <ChoiceGroup<PeopleChoice>
          label={label('people')}
          name="people"
          horizontal
          value={request.people}
          onChange={(people) => change({ people })}
          messages={messagesOf('people')}
          choices={[
            { value: '1', label: intl.formatMessage({ id: 'reservations.people.count' }, { count: 1 }) },
            { value: '2', label: intl.formatMessage({ id: 'reservations.people.count' }, { count: 2 }) },
            { value: 'flexible', label: intl.formatMessage({ id: 'reservations.people.flexible' }) },
          ]}
        />
        <TextInput
          className="field resv-field"
          label={label('capacity')}
          name="capacity"
          inputMode="decimal"
          value={request.capacity}
          onChange={(capacity) => change({ capacity })}
          messages={messagesOf('capacity')}
          description={intl.formatMessage({ id: 'reservations.capacity.hint' })}
        />
      </fieldset>

      <fieldset className="resv-section">
        <legend>{intl.formatMessage({ id: 'reservations.section.privateJob' })}</legend>
        <p className="field-description">{intl.formatMessage({ id: 'reservations.privateJob.hint' })}</p>
        {job ? (
          <div className="resv-private-job" data-testid="private-job">
            <div className="resv-stop">
              <h3>{intl.formatMessage({ id: 'reservations.privateJob.pickup' })}</h3>
              {postcodeField('pickupPostcode', job.pickupPostcode, (pickupPostcode) => changeJob({ pickupPostcode }))}
              <div className="resv-row">
                <SelectField
                  label={label('pickupFrom')}
                  name="pickupFrom"
                  value={job.pickupFrom}
                  options={timeOptions(false)}
                  onChange={(pickupFrom) => changeJob({ pickupFrom })}
                  placeholder={intl.formatMessage({ id: 'reservations.time.choose' })}
                  messages={messagesOf('pickupFrom')}
                />
                <SelectField
                  label={label('pickupTo')}
                  name="pickupTo"
                  value={job.pickupTo}
                  options={timeOptions(false)}
                  onChange={(pickupTo) => changeJob({ pickupTo })}
                  placeholder={intl.formatMessage({ id: 'reservations.time.choose' })}
                  messages={messagesOf('pickupTo')}
                />
                <SelectField
                  label={label('pickupOnSite')}
                  name="pickupOnSite"
                  value={job.pickupOnSite === null ? '' : String(job.pickupOnSite)}
                  options={onSiteOptions}
                  onChange={(v) => changeJob({ pickupOnSite: Number(v) })}
                  placeholder={intl.formatMessage({ id: 'reservations.time.choose' })}
                  messages={messagesOf('pickupOnSite')}
                />
              </div>
            </div>
            <div className="resv-stop">
              <h3>{intl.formatMessage({ id: 'reservations.privateJob.delivery' })}</h3>
              {postcodeField('deliveryPostcode', job.deliveryPostcode, (deliveryPostcode) =>
                changeJob({ deliveryPostcode }),
              )}
              <div className="resv-row">
                <SelectField
                  label={label('deliveryFrom')}
                  name="deliveryFrom"
                  value={job.deliveryFrom}
                  options={timeOptions(false)}
                  onChange={(deliveryFrom) => changeJob({ deliveryFrom })}
                  placeholder={intl.formatMessage({ id: 'reservations.time.choose' })}
                  messages={messagesOf('deliveryFrom')}
                />
                <SelectField
                  label={label('deliveryTo')}
                  name="deliveryTo"
                  value={job.deliveryTo}
                  options={timeOptions(false)}
                  onChange={(deliveryTo) => changeJob({ deliveryTo })}
                  placeholder={intl.formatMessage({ id: 'reservations.time.choose' })}
                  messages={messagesOf('deliveryTo')}
                />
                <SelectField
                  label={label('deliveryOnSite')}
                  name="deliveryOnSite"
                  value={job.deliveryOnSite === null ? '' : String(job.deliveryOnSite)}
                  options={onSiteOptions}
                  onChange={(v) => changeJob({ deliveryOnSite: Number(v) })}
                  placeholder={intl.formatMessage({ id: 'reservations.time.choose' })}
                  messages={messagesOf('deliveryOnSite')}
                />
              </div>
            </div>
            <TextInput
              className="field resv-field"
              label={label('volume')}
              name="volume"
              inputMode="decimal"
              value={job.volume}
              onChange={(volume) => changeJob({ volume })}
              messages={messagesOf('volume')}
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: 'privateJob.removed' })}
            >
              {intl.formatMessage({ id: 'reservations.privateJob.remove' })}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => actor.send({ type: 'privateJob.added' })}
          >
            {intl.formatMessage({ id: 'reservations.privateJob.add' })}
          </button>
        )}
      </fieldset>

      {triedNext && issues.length > 0 ? (
        <p className="alert alert-danger" role="alert" data-testid="request-problems">
          {intl.formatMessage({ id: 'reservations.create.problems' }, { count: issues.length })}
        </p>
      ) : null}
      <div className="resv-form-actions">
        <button
          type="submit"
          className="button"
          disabled={validating}
          aria-disabled={validating}
          data-testid="wizard-next"
        >
          {intl.formatMessage({ id: validating ? 'reservations.create.checking' : 'reservations.create.next' })}
        </button>
      </div>
    </form>
  );
}
