import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { authError, isSigningIn } from '@/machines/auth/auth.selectors';
import { useAuthActor } from '@/src/app/root-actors';

/**
 * Sign-in (spec §2, §7): e-mail and password to the server, then the token and user info, all in the
 * auth machine. The inputs are uncontrolled, so what the partner typed stays after a failure.
 */
export default function LoginPage() {
  const auth = useAuthActor();
  const error = useSelector(auth, authError);
  const busy = useSelector(auth, isSigningIn);
  const intl = useIntl();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    auth.send({
      type: 'auth.login.submitted',
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  };
  const fieldError = (field: 'email' | 'password') => error?.fields[field]?.[0];

  return (
    <section className="login card" aria-labelledby="login-title">
      <h1 id="login-title">
        <FormattedMessage id="login.title" />
      </h1>
      <p className="muted">
        <FormattedMessage id="login.intro" />
      </p>
      {error ? (
        <p className="alert alert-danger" role="alert">
          <FormattedMessage id={error.id} />
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        {(['email', 'password'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`login-${field}`}>{intl.formatMessage({ id: `login.${field}` })}</label>
            <input
              id={`login-${field}`}
              name={field}
              type={field}
              autoComplete={field === 'email' ? 'username' : 'current-password'}
              className={fieldError(field) ? 'is-invalid' : undefined}
              aria-invalid={fieldError(field) ? true : undefined}
              aria-describedby={fieldError(field) ? `login-${field}-error` : undefined}
              required
            />
            {fieldError(field) ? (
              <p id={`login-${field}-error`} className="field-error">
                {fieldError(field)}
              </p>
            ) : null}
          </div>
        ))}
        <button type="submit" className="button button-block" disabled={busy}>
          <FormattedMessage id={busy ? 'login.submitting' : 'login.submit'} />
        </button>
      </form>
      <p className="actions">
        <Link href="/password-reset">{intl.formatMessage({ id: 'login.forgotPassword' })}</Link>
        <Link href="/sign-up">{intl.formatMessage({ id: 'login.createAccount' })}</Link>
      </p>
    </section>
  );
}
