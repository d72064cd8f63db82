import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { privateWorkPreferencesMachine } from '@/machines/private-work-preferences/private-work-preferences.machine';
import {
  isPreferencesLoading,
  isPreferencesSaving,
  loadFailure,
  preferencesForm,
  saveFailure,
  shownVolumeRule,
} from '@/machines/private-work-preferences/private-work-preferences.selectors';
import type { PreferencesForm } from '@/machines/private-work-preferences/private-work-preferences.types';
import type { ColourBy } from '@/machines/work-calendar/work-calendar.types';
import { PRIVATE_ON_SITE_OPTIONS_S, type PrivateWorkPreferences } from '@/schemas/private-job';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useFormatters } from '@/src/app/use-formatters';
import { formatDuration } from '@/src/format/duration';
import { failureText } from '@/src/format/failure-text';
import { ChoiceGroup, SelectField } from '@/src/pages/reservations/form-controls';
import { CheckboxCard } from '@/src/forms/checkbox-card';
import { TextInput } from '@/src/forms/text-input';
import { ReservationDialog } from '@/src/pages/reservations/reservation-dialog';
// the wizard's controls draw from the reservations' styles (radio cards, fields), as in the private job dialogue
import '@/src/pages/reservations/reservations.css';
import { RULE_MESSAGES } from './calendar-labels';

/**
 * The private work preferences (issue 7; spec §2 names a "private work form and preferences" without their fields):
 * what a new private job starts with, whether a private job may share a vehicle with marketplace work at the same
 * time, and what the calendar colours its entries by. A failed save says 'Failed to update private work preferences'
 * and keeps everything typed.
 */
export function PreferencesDialog({ onClose }: { onClose(saved: PrivateWorkPreferences | null): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const actor = useActorRef(privateWorkPreferencesMachine, { inspect });
  const form = useSelector(actor, preferencesForm);
  const loading = useSelector(actor, isPreferencesLoading);
  const saving = useSelector(actor, isPreferencesSaving);
  const readFailure = useSelector(actor, loadFailure);
  const writeFailure = useSelector(actor, saveFailure);
  const volumeRule = useSelector(actor, shownVolumeRule);
  const done = useSelector(actor, (s) => s.status === 'done');
  const saved = useSelector(actor, (s) => s.context.saved);
  useEffect(() => {
    if (done) onClose(saved);
  }, [done, saved, onClose]);

  const change = (patch: Partial<PreferencesForm>) => actor.send({ type: 'preferences.changed', patch });
  const onSiteOptions = PRIVATE_ON_SITE_OPTIONS_S.map((s) => ({ id: String(s), label: formatDuration(s, fmt.locale) }));
  const editing = !loading && !readFailure;

  return (
    <ReservationDialog
      testId="preferences-dialog"
      title={t('privateJob.preferences.title')}
      busy={saving}
      failed={false}
      onDismiss={() => actor.send({ type: 'preferences.closed' })}
      actions={
        <>
          <Button
            className="button button-secondary"
            isDisabled={saving}
            onPress={() => actor.send({ type: 'preferences.closed' })}
          >
            {t('privateJob.cancel')}
          </Button>
          {readFailure ? (
            <Button className="button" onPress={() => actor.send({ type: 'preferences.retried' })}>
              {t('app.retry')}
            </Button>
          ) : (
            <Button
              className="button"
              isDisabled={!editing || saving}
              data-testid="preferences-save"
              onPress={() => actor.send({ type: 'preferences.submitted' })}
            >
              {saving ? t('privateJob.saving') : t('privateJob.preferences.save')}
            </Button>
          )}
        </>
      }
    >
      {loading ? <PageLoading /> : null}
      {readFailure ? (
        <p className="alert alert-danger" role="alert">
          {t('privateJob.preferences.loadFailed')}{' '}
          {failureText(intl, { kind: readFailure.kind, message: readFailure.message ?? '' })}
        </p>
      ) : null}
      {editing ? (
        <div className="cal-preferences">
          <p className="field-description">{t('privateJob.preferences.intro')}</p>
          <TextInput
            className="field resv-field"
            label={t('privateJob.preferences.volume')}
            name="default-volume"
            inputMode="decimal"
            value={form.volume}
            onChange={(volume) => change({ volume })}
            messages={volumeRule ? [intl.formatMessage(RULE_MESSAGES[volumeRule])] : []}
            description={t('privateJob.volumeHint')}
          />
          <div className="resv-row resv-row-2">
            <SelectField
              label={t('privateJob.preferences.pickupOnSite')}
              name="pickup-on-site"
              value={String(form.pickupOnSiteS)}
              options={onSiteOptions}
              onChange={(v) => change({ pickupOnSiteS: Number(v) })}
              placeholder={t('privateJob.choose')}
            />
            <SelectField
              label={t('privateJob.preferences.deliveryOnSite')}
              name="delivery-on-site"
              value={String(form.deliveryOnSiteS)}
              options={onSiteOptions}
              onChange={(v) => change({ deliveryOnSiteS: Number(v) })}
              placeholder={t('privateJob.choose')}
            />
          </div>
          <CheckboxCard
            className="cal-checkbox"
            name="block-overlap"
            checked={form.blockOverlap}
            onChange={(blockOverlap) => change({ blockOverlap })}
          >
            <span>
              <span className="cal-checkbox-label">{t('privateJob.preferences.blockOverlap')}</span>
              <span className="cal-checkbox-hint">{t('privateJob.preferences.blockOverlapHint')}</span>
            </span>
          </CheckboxCard>
          <ChoiceGroup<ColourBy>
            horizontal
            label={t('privateJob.preferences.colourBy')}
            name="colour-by"
            value={form.colourBy}
            onChange={(colourBy) => change({ colourBy })}
            choices={[
              { value: 'vehicle', label: t('privateJob.preferences.colourByVehicle') },
              { value: 'driver', label: t('privateJob.preferences.colourByDriver') },
            ]}
          />
          {writeFailure ? (
            <div className="alert alert-danger" role="alert" data-testid="preferences-failed">
              <p>{t('privateJob.preferences.saveFailed')}</p>
              {Object.values(writeFailure.fields).flat().length > 0 ? (
                <ul>
                  {Object.values(writeFailure.fields)
                    .flat()
                    .map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                </ul>
              ) : writeFailure.message !== 'messages.validation' ? (
                <p>{failureText(intl, { kind: writeFailure.kind, message: writeFailure.message ?? '' })}</p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </ReservationDialog>
  );
}
