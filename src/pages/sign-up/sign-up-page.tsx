import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { signUpMachine } from '@/machines/sign-up/sign-up.machine';
import {
  canGoBack,
  currentStep,
  failure,
  isBusy,
  isLastStep,
  isRefused,
  isSubmitting,
} from '@/machines/sign-up/sign-up.selectors';
import { SIGN_UP_STEPS } from '@/schemas/sign-up';
import { inspect } from '@/src/app/inspection';
import { StepFields } from './sign-up-fields';
import './sign-up.css';

/** Today in London, yyyy-mm-dd (expiry dates must be after it; the partner 18 on it). */
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * Partner sign-up (spec §2): a five-step wizard (login details, your details, vehicle and operational information,
 * insurance, identity) with a step indicator, then the verify-e-mail page. A view of the sign-up machine
 * (machines/sign-up/). The account answers with a session cookie; the verify-e-mail page is opened with a full load so
 * that the portal signs in with it on start (the auth machine restores a session from the cookie).
 */
export default function SignUpPage() {
  const intl = useIntl();
  const [machine] = useState(() =>
    signUpMachine.provide({
      actions: { announceSignedUp: () => window.location.assign(`${import.meta.env.BASE_URL}verify-email`) },
    }),
  );
  const actor = useActorRef(machine, { inspect, input: { today: londonToday() } });
  const step = useSelector(actor, currentStep);
  const busy = useSelector(actor, isBusy);
  const submitting = useSelector(actor, isSubmitting);
  const refused = useSelector(actor, isRefused);
  const last = useSelector(actor, isLastStep);
  const back = useSelector(actor, canGoBack);
  const failed = useSelector(actor, failure);
  const legendRef = useRef<HTMLHeadingElement | null>(null);
  const firstRender = useRef(true);

  // A new step: focus its heading, so screen readers and keyboards start at the top of the step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    legendRef.current?.focus();
  }, [step]);

  const next = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'signUp.next' });
  };
  const index = SIGN_UP_STEPS.indexOf(step);

  return (
    <section className="sign-up card" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">
        <FormattedMessage id="signUp.title" />
      </h1>
      <ol className="sign-up-steps" aria-label={intl.formatMessage({ id: 'signUp.steps' })}>
        {[...SIGN_UP_STEPS, 'verify' as const].map((s, i) => (
          <li
            key={s}
            className={i < index ? 'is-done' : i === index ? 'is-current' : undefined}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="sign-up-step-number" aria-hidden="true">
              {i < index ? '✓' : i + 1}
            </span>
            <span className="sign-up-step-name">
              <FormattedMessage id={`signUp.step.${s}`} />
            </span>
          </li>
        ))}
      </ol>
      <form onSubmit={next} noValidate aria-busy={busy} data-step={step}>
        <h2 className="sign-up-step-title" tabIndex={-1} ref={legendRef}>
          <FormattedMessage id="signUp.stepOf" values={{ index: index + 1, total: SIGN_UP_STEPS.length }} />{' '}
          <FormattedMessage id={`signUp.step.${step}`} />
        </h2>
        {failed ? (
          <p className="alert alert-danger" role="alert">
            <FormattedMessage
              id={failed === 'rateLimited' || failed === 'refused' ? `signUp.failure.${failed}` : `failure.${failed}`}
            />
          </p>
        ) : null}
        {refused ? (
          <p className="alert alert-danger" role="alert">
            <FormattedMessage id="signUp.refused" />
          </p>
        ) : null}
        <StepFields actor={actor} step={step} />
        <div className="sign-up-actions">
          {back ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: 'signUp.back' })}
            >
              <FormattedMessage id="signUp.back" />
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="button" disabled={busy}>
            <FormattedMessage
              id={submitting ? 'signUp.submitting' : busy ? 'signUp.checking' : last ? 'signUp.submit' : 'signUp.next'}
            />
          </button>
        </div>
      </form>
      <p className="sign-up-footer">
        <FormattedMessage id="signUp.haveAccount" />{' '}
        <Link href="/login">{intl.formatMessage({ id: 'signUp.signIn' })}</Link>
      </p>
    </section>
  );
}
