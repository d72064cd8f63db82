import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { accountPreferencesForm } from '@/machines/profile/profile-form.machine';
import { formFailure, isFormSaving } from '@/machines/profile/profile.selectors';
import { RADIUS_OPTIONS_MILES } from '@/schemas/place';
import { PROFILE_LANGUAGES, WEEK_STARTS, type Profile } from '@/schemas/profile';
import { inspect } from '@/src/app/inspection';
import { useFormatters } from '@/src/app/use-formatters';
import { FormSelectField } from '@/src/forms/form-select-field';
import { useProfileToasts } from './use-profile-toasts';

/** Account and preferences: the account itself (e-mail, type, member since), and the language, default search radius
 * (spec §9's options) and first day of the week, saved together. */
export function AccountTab({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormatters();
  const toasts = useProfileToasts(t('profile.preferencesSaved'));
  const actor = useActorRef(
    accountPreferencesForm.provide({
      actions: {
        notifyFailed: toasts.notifyFailed,
        notifySaved: ({ context }) => {
          toasts.notifySaved();
          if (context.saved) onSaved(context.saved);
        },
      },
    }),
    { inspect, input: { profile } },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const saving = useSelector(actor, isFormSaving);
  const failure = useSelector(actor, formFailure);
  const change = (field: string) => (value: string) => actor.send({ type: 'form.changed', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submitted' });
  };

  return (
    <div className="profile-columns">
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">{t('profile.account')}</h2>
        <dl className="profile-facts">
          <dt>{t('fields.email')}</dt>
          <dd>{profile.email}</dd>
          <dt>{t('profile.accountType')}</dt>
          <dd>{t(`profile.accountType.${profile.account_type}`)}</dd>
          <dt>{t('profile.memberSince')}</dt>
          <dd>{format.date(profile.created_at)}</dd>
        </dl>
      </section>
      <form className="card profile-form" onSubmit={submit} noValidate aria-labelledby="preferences-heading">
        <h2 id="preferences-heading">{t('profile.preferences')}</h2>
        {failure ? (
          <p className="alert alert-danger" role="alert">
            {t('profile.saveFailed')}
          </p>
        ) : null}
        <FormSelectField
          name="language"
          value={values.language ?? 'en'}
          placeholder={t('fields.language')}
          options={PROFILE_LANGUAGES.map((id) => ({ id, label: t(`profile.language.${id}`) }))}
          onChange={change('language')}
          isDisabled={saving}
        />
        <FormSelectField
          name="default_search_radius"
          value={values.default_search_radius ?? '20'}
          placeholder={t('fields.default_search_radius')}
          options={RADIUS_OPTIONS_MILES.map((miles) => ({ id: String(miles), label: t('profile.miles', { miles }) }))}
          onChange={change('default_search_radius')}
          isDisabled={saving}
        />
        <FormSelectField
          name="week_start"
          value={values.week_start ?? 'monday'}
          placeholder={t('fields.week_start')}
          options={WEEK_STARTS.map((id) => ({ id, label: t(`profile.weekStart.${id}`) }))}
          onChange={change('week_start')}
          isDisabled={saving}
        />
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('profile.saving') : t('profile.savePreferences')}
        </button>
      </form>
    </div>
  );
}
