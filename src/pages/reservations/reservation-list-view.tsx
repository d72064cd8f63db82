import { useIntl } from 'react-intl';

/** The list's loading and failure states, shared by the current and historic pages. */
export function ListFailed({ onRetry }: { onRetry(): void }) {
  const intl = useIntl();
  return (
    <div className="alert alert-danger" role="alert">
      <p>{intl.formatMessage({ id: 'reservations.list.failed' })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {intl.formatMessage({ id: 'app.retry' })}
      </button>
    </div>
  );
}

/**
 * A partner who may not make reservations (not journey-ready, spec §6) is told how to become eligible; `denied`: they
 * were sent here from a reservation page they asked for, which is said first.
 */
export function NotEligible({ denied = false }: { denied?: boolean }) {
  const intl = useIntl();
  return (
    <section
      className="resv-not-eligible card"
      aria-labelledby="resv-not-eligible"
      data-testid="reservations-not-eligible"
    >
      <h2 id="resv-not-eligible">{intl.formatMessage({ id: 'reservations.notEligible.title' })}</h2>
      {denied ? (
        <p role="status" data-testid="reservations-not-allowed">
          {intl.formatMessage({ id: 'reservations.notAllowed' })}
        </p>
      ) : null}
      <p>{intl.formatMessage({ id: 'reservations.notEligible.body' })}</p>
      <p>{intl.formatMessage({ id: 'reservations.notEligible.contact' })}</p>
    </section>
  );
}
