import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { authStatus } from '@/machines/auth/auth.selectors';
import { emailVerificationMachine } from '@/machines/sign-up/email-verification.machine';
import {
  canResend,
  failure,
  isBusy,
  isCoolingDown,
  refusal,
  secondsLeft,
  sentTo,
  verificationView,
  wasResent,
} from '@/machines/sign-up/email-verification.selectors';
import { inspect } from '@/src/app/inspection';
import { PageLoading } from '@/src/app/page-states';
import { useAuthActor } from '@/src/app/root-actors';
import '@/src/pages/sign-up/sign-up.css';

/**
 * E-mail verification with resend (spec §2): the page after sign-up ("check your e-mail") and the target of the mail's
 * link (`?token=`). Public: the link works signed in or not. Whether the partner is signed in is settled first (the
 * page may be the first load after sign-up, restoring the session from its cookie), then the machine starts.
 */
export default function VerifyEmailPage() {
  const auth = useAuthActor();
  const status = useSelector(auth, authStatus);
  const token = new URLSearchParams(useSearch()).get('token');
  if (status === 'checking') return <PageLoading />;
  return <Verification token={token} signedIn={status === 'in'} />;
}

function Verification({ token, signedIn }: { token: string | null; signedIn: boolean }) {
  const intl = useIntl();
  const actor = useActorRef(emailVerificationMachine, { inspect, input: { token, signedIn } });
  const view = useSelector(actor, verificationView);
  const busy = useSelector(actor, isBusy);
  const resendable = useSelector(actor, canResend);
  const cooling = useSelector(actor, isCoolingDown);
  const seconds = useSelector(actor, secondsLeft);
  const email = useSelector(actor, sentTo);
  const resent = useSelector(actor, wasResent);
  const refused = useSelector(actor, refusal);
  const failed = useSelector(actor, failure);

  const resend =
    signedIn && (view === 'waiting' || view === 'refused') ? (
      <div className="verify-resend">
        <button
          type="button"
          className="button button-secondary"
          disabled={!resendable || busy}
          onClick={() => actor.send({ type: 'verifyEmail.resend.requested' })}
        >
          {cooling ? (
            <FormattedMessage id="verifyEmail.resendIn" values={{ seconds }} />
          ) : (
            <FormattedMessage id={busy && view === 'waiting' ? 'verifyEmail.resending' : 'verifyEmail.resend'} />
          )}
        </button>
        {resent && !failed ? (
          <p className="alert alert-info" role="status">
            <FormattedMessage id="verifyEmail.resent" />
          </p>
        ) : null}
        {failed ? (
          <p className="alert alert-danger" role="alert">
            {failed === 'rateLimited' ? (
              <FormattedMessage id="verifyEmail.tooSoon" values={{ seconds }} />
            ) : (
              <FormattedMessage id={failed === 'refused' ? 'signUp.failure.refused' : `failure.${failed}`} />
            )}
          </p>
        ) : null}
      </div>
    ) : null;

  const title =
    view === 'verified'
      ? 'verifyEmail.verified.title'
      : view === 'refused'
        ? 'verifyEmail.refused.title'
        : view === 'verifying'
          ? 'verifyEmail.verifying'
          : 'verifyEmail.title';

  return (
    <section className="sign-up sign-up-result sign-up-narrow card" aria-labelledby="verify-title" aria-busy={busy}>
      <h1 id="verify-title">
        <FormattedMessage id={title} />
      </h1>
      {view === 'verified' ? (
        <>
          <p>
            <FormattedMessage id="verifyEmail.verified.body" />
          </p>
          <div className="actions">
            <Link className="button" href={signedIn ? '/' : '/login'}>
              {intl.formatMessage({ id: signedIn ? 'verifyEmail.toDashboard' : 'verifyEmail.toSignIn' })}
            </Link>
          </div>
        </>
      ) : null}
      {view === 'refused' && refused ? (
        <p>
          <FormattedMessage id={`verifyEmail.refused.${refused}`} />{' '}
          <FormattedMessage id={signedIn ? 'verifyEmail.refused.resend' : 'verifyEmail.refused.signIn'} />
        </p>
      ) : null}
      {view === 'failed' ? (
        <>
          <p className="alert alert-danger" role="alert">
            <FormattedMessage
              id={`failure.${failed === 'rateLimited' || failed === 'refused' || !failed ? 'server' : failed}`}
            />
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'verifyEmail.retried' })}>
            <FormattedMessage id="verifyEmail.retry" />
          </button>
        </>
      ) : null}
      {view === 'waiting' ? (
        <p>
          {email ? (
            <FormattedMessage id="verifyEmail.sentTo" values={{ email: <strong>{email}</strong> }} />
          ) : (
            <FormattedMessage id="verifyEmail.sent" />
          )}
        </p>
      ) : null}
      {view === 'signedOut' ? (
        <p>
          <FormattedMessage id="verifyEmail.signedOut" />
        </p>
      ) : null}
      {resend}
      {view === 'signedOut' || (view === 'refused' && !signedIn) ? (
        <div className="actions">
          <Link className="button" href="/login">
            {intl.formatMessage({ id: 'verifyEmail.toSignIn' })}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
