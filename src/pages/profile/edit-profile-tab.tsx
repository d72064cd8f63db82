import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { profileEditForm } from '@/machines/profile/profile-form.machine';
import { formFailure, isFormSaving } from '@/machines/profile/profile.selectors';
import type { EditField } from '@/machines/profile/profile.types';
import { addressShortForm, type Profile } from '@/schemas/profile';
import { inspect } from '@/src/app/inspection';
import { FormTextField } from '@/src/forms/form-field';
import { useProfileToasts } from './use-profile-toasts';

/**
 * Edit profile: name, phone, company (business accounts), and the registered address by its postcode — the server
 * places it at the postcode's post town. Rules and messages are the shared form scheme's (spec §5); a failed save is
 * 'Failed to update account details' (spec §8) with everything typed kept and the server's text under its field.
 */
export function EditProfileTab({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const toasts = useProfileToasts(t('profile.saved'));
  const actor = useActorRef(
    profileEditForm.provide({
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
  const { values, errors, touched, serverErrors } = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, isFormSaving);
  const failure = useSelector(actor, formFailure);
  const business = profile.account_type !== 'individual';

  const field = (
    name: EditField,
    extra: { type?: 'text' | 'tel'; autoComplete?: string; isRequired?: boolean } = {},
  ) => (
    <FormTextField
      name={name}
      value={values[name] ?? ''}
      onChange={(value) => actor.send({ type: 'form.changed', field: name, value })}
      onBlur={() => actor.send({ type: 'form.blurred', field: name })}
      error={errors[name]}
      serverMessages={serverErrors[name]}
      touched={touched[name] === true}
      isDisabled={saving}
      {...extra}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submitted' });
  };

  return (
    <form className="card profile-form" onSubmit={submit} noValidate aria-labelledby="edit-profile-heading">
      <h2 id="edit-profile-heading">{t('profile.tab.edit')}</h2>
      {failure ? (
        <p className="alert alert-danger" role="alert" data-testid="profile-save-failed">
          {t('profile.saveFailed')}
        </p>
      ) : null}
      <div className="profile-fields">
        {field('full_name', { autoComplete: 'name', isRequired: true })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {business ? field('company_name', { autoComplete: 'organization' }) : null}
        {business ? field('company_number') : null}
        {field('postcode', { autoComplete: 'postal-code', isRequired: true })}
      </div>
      <p className="profile-address-line">
        {t('profile.address')}: <strong data-testid="profile-form-address">{addressShortForm(profile.address)}</strong>
      </p>
      <button type="submit" className="button" disabled={saving}>
        {saving ? t('profile.saving') : t('profile.save')}
      </button>
    </form>
  );
}
