import { useIntl } from 'react-intl';
import type { BadgeCounters } from '@/schemas/app-init';

const SHOWN = ['new-messages', 'alerts', 'won'] as const;

/** The top bar's counters: new messages, alerts and won jobs, each with its full wording for screen readers. */
export function CounterBadges({ counters }: { counters: BadgeCounters }) {
  const intl = useIntl();
  return (
    <ul className="counter-badges" aria-label={intl.formatMessage({ id: 'counters.label' })}>
      {SHOWN.map((key) => (
        <li key={key} className="counter-badge" data-counter={key}>
          <span aria-hidden="true">
            {intl.formatMessage({ id: `counters.short.${key}` })} <b>{counters[key]}</b>
          </span>
          <span className="visually-hidden">
            {intl.formatMessage({ id: `counters.${key}` }, { count: counters[key] })}
          </span>
        </li>
      ))}
    </ul>
  );
}
