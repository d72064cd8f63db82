import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { passwordResetMachine } from '@/machines/password-reset/password-reset.machine';
import {
  failure,
  fieldState,
  isBusy,
  refusal,
  resetView,
  values,
} from '@/machines/password-reset/password-reset.selectors';
import type { PasswordResetField } from '@/machines/password-reset/password-reset.types';
import { inspect } from '@/src/app/inspection';
import { FormTextField } from '@/src/forms/form-field';
import '@/src/pages/sign-up/sign-up.css';

/**
 * Password reset (spec §2 "login and password reset"; §9 help hours 8am to 6pm): without a token, the e-mail of the
 * account; with the mail's link (`?token=`), the new password and its confirmation. A view of the password-reset
 * machine (machines/password-reset/).
 */
export default function PasswordResetPage() {
  const intl = useIntl();
  const token = new URLSearchParams(useSearch()).get('token');
  const actor = useActorRef(passwordResetMachine, { inspect, input: { token } });
  const view = useSelector(actor, resetView);
  const busy = useSelector(actor, isBusy);
  const typed = useSelector(actor, values);
  const refused = useSelector(actor, refusal);
  const failed = useSelector(actor, failure);
  const state = useSelector(actor, (s) => ({
    email: fieldState(s, 'email'),
    password: fieldState(s, 'password'),
    password_confirmation: fieldState(s, 'password_confirmation'),
  }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'passwordReset.submitted' });
  };
  const field = (name: PasswordResetField, type: 'email' | 'password', autoComplete: string, description?: string) => (
    <FormTextField
      name={name}
      type={type}
      value={typed[name]}
      autoComplete={autoComplete}
      isRequired
      description={description}
      error={state[name].error}
      touched={state[name].touched}
      serverMessages={state[name].serverMessages}
      onChange={(value) => actor.send({ type: 'passwordReset.field.changed', field: name, value })}
      onBlur={() => actor.send({ type: 'passwordReset.field.blurred', field: name })}
    />
  );
  const failureAlert = failed ? (
    <p className="alert alert-danger" role="alert">
      <FormattedMessage
        id={failed === 'rateLimited' || failed === 'refused' ? `signUp.failure.${failed}` : `failure.${failed}`}
      />
    </p>
  ) : null;
  const signInLink = (
    <div className="actions">
      <Link className="button" href="/login">
        {intl.formatMessage({ id: 'verifyEmail.toSignIn' })}
      </Link>
    </div>
  );
  const titles = {
    ask: 'passwordReset.title',
    requested: 'passwordReset.requested.title',
    choose: 'passwordReset.choose.title',
    refused: 'passwordReset.refused.title',
    done: 'passwordReset.done.title',
  } as const;

  return (
    <section className="sign-up sign-up-result sign-up-narrow card" aria-labelledby="reset-title">
      <h1 id="reset-title">
        <FormattedMessage id={titles[view]} />
      </h1>
      {view === 'ask' ? (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <p>
            <FormattedMessage id="passwordReset.intro" />
          </p>
          {failureAlert}
          {field('email', 'email', 'email')}
          <button type="submit" className="button button-block" disabled={busy}>
            <FormattedMessage id={busy ? 'passwordReset.sending' : 'passwordReset.send'} />
          </button>
        </form>
      ) : null}
      {view === 'requested' ? (
        <>
          <p role="status">
            <FormattedMessage id="passwordReset.requested.body" />
          </p>
          <p className="muted">
            <FormattedMessage id="passwordReset.help" />
          </p>
          {signInLink}
        </>
      ) : null}
      {view === 'choose' ? (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          {failureAlert}
          {field('password', 'password', 'new-password', intl.formatMessage({ id: 'signUp.password.hint' }))}
          {field('password_confirmation', 'password', 'new-password')}
          <button type="submit" className="button button-block" disabled={busy}>
            <FormattedMessage id={busy ? 'passwordReset.saving' : 'passwordReset.save'} />
          </button>
        </form>
      ) : null}
      {view === 'refused' && refused ? (
        <>
          <p>
            <FormattedMessage id={`verifyEmail.refused.${refused}`} />{' '}
            <FormattedMessage id="passwordReset.refused.body" />
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={() => actor.send({ type: 'passwordReset.restarted' })}>
              <FormattedMessage id="passwordReset.refused.again" />
            </button>
          </div>
        </>
      ) : null}
      {view === 'done' ? (
        <>
          <p role="status">
            <FormattedMessage id="passwordReset.done.body" />
          </p>
          {signInLink}
        </>
      ) : null}
    </section>
  );
}
