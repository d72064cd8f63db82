import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { currentUser } from '@/machines/auth/auth.selectors';
import { reservationWizard } from '@/machines/reservation-wizard/reservation-wizard.machine';
import {
  blockedWorkOf,
  createdOf,
  hasLoadFailed,
  isLoading,
  isNotEligible,
  stepOf,
} from '@/machines/reservation-wizard/reservation-wizard.selectors';
import type { UserId } from '@/schemas/user';
import { PageLoading } from '@/src/app/page-states';
import { useAuthActor } from '@/src/app/root-actors';
import { useFormatters } from '@/src/app/use-formatters';
import { WorkNotice } from '@/src/app/work-notice';
import { JourneyReadyGuard } from './journey-ready-guard';
import { StatusBadge } from './reservation-card';
import { ListFailed, NotEligible } from './reservation-list-view';
import { RequestStep } from './request-step';
import { ReviewStep } from './review-step';
import { useReservationNotices } from './use-reservation-notices';
import './reservations.css';
import { inspect } from '@/src/app/inspection';

/** Where the request is kept across a reload, per user (sessionStorage: this tab only). */
const storageKey = (userId: UserId) => `tpp.reservation-request.${userId}`;

const readSaved = (key: string): unknown => {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
};

const STEPS = ['reservations.step.request', 'reservations.step.review', 'reservations.step.submitted'] as const;

function Wizard({ userId }: { userId: UserId }) {
  const intl = useIntl();
  const fmt = useFormatters();
  const [machine] = useState(() => {
    const key = storageKey(userId);
    return reservationWizard.provide({
      actions: {
        persistRequest: (_, { request }) => sessionStorage.setItem(key, JSON.stringify(request)),
        clearSavedRequest: () => sessionStorage.removeItem(key),
      },
    });
  });
  const [saved] = useState(() => readSaved(storageKey(userId)));
  const actor = useActorRef(machine, { inspect, input: { userId, saved } });
  useReservationNotices(actor);
  const loading = useSelector(actor, isLoading);
  const failed = useSelector(actor, hasLoadFailed);
  const notEligible = useSelector(actor, isNotEligible);
  const blockedWork = useSelector(actor, blockedWorkOf);
  const step = useSelector(actor, stepOf);
  const created = useSelector(actor, createdOf);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const shownStep = useRef(step);

  // A new step moves focus to its heading, so keyboard and screen-reader users start reading it from the top.
  useEffect(() => {
    if (shownStep.current !== null && step !== shownStep.current) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  if (loading) return <PageLoading />;
  if (failed) return <ListFailed onRetry={() => actor.send({ type: 'wizard.retried' })} />;
  // the partner may not take work now (set up so, or refused so by the server): why, and where to put it right
  if (blockedWork) return <WorkNotice work={blockedWork} />;
  if (notEligible || step === null) return <NotEligible />;

  return (
    <>
      <ol className="resv-steps" aria-label={intl.formatMessage({ id: 'reservations.steps' })}>
        {STEPS.map((id, i) => (
          <li key={id} aria-current={step === i + 1 ? 'step' : undefined} className={step > i ? 'is-done' : undefined}>
            <span className="resv-step-number" aria-hidden="true">
              {i + 1}
            </span>
            {intl.formatMessage({ id })}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="resv-step-title" data-testid="wizard-step">
        {intl.formatMessage({ id: STEPS[step - 1] })}
      </h2>
      {step === 1 ? <RequestStep actor={actor} /> : null}
      {step === 2 ? <ReviewStep actor={actor} /> : null}
      {step === 3 ? (
        <div className="resv-submitted" data-testid="wizard-submitted">
          <p>{intl.formatMessage({ id: 'reservations.submitted.body' }, { count: created.length })}</p>
          <ul className="resv-created">
            {created.map((r) => (
              <li key={r.id}>
                <span>
                  {fmt.date(r.date)} · {r.reservation_id}
                </span>{' '}
                <StatusBadge status={r.status} />
              </li>
            ))}
          </ul>
          <div className="resv-form-actions">
            <Link href="/reservations" className="button">
              {intl.formatMessage({ id: 'reservations.submitted.list' })}
            </Link>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actor.send({ type: 'wizard.restarted' })}
            >
              {intl.formatMessage({ id: 'reservations.submitted.more' })}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** /reservations/create (spec §2, §4 create flow); redirects to /reservations for a partner not journey-ready. */
export default function CreatePage() {
  const intl = useIntl();
  const user = useSelector(useAuthActor(), currentUser);
  return (
    <JourneyReadyGuard>
      <div className="resv-page resv-create">
        <p className="resv-back">
          <Link href="/reservations">
            <span aria-hidden="true">←</span>
            {intl.formatMessage({ id: 'reservations.back' })}
          </Link>
        </p>
        <header className="resv-header">
          <h1>{intl.formatMessage({ id: 'reservations.create.title' })}</h1>
        </header>
        {user ? <Wizard key={user.id} userId={user.id} /> : <PageLoading />}
      </div>
    </JourneyReadyGuard>
  );
}
