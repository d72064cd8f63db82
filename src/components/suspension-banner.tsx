import { useIntl } from 'react-intl';
import { NoticeBanner } from './notice-banner';

/**
 * When the partner's suspension ends (spec §4 and §9: a completion found false suspends the account for 7 days; the
 * server's user-info says until when while it runs), or null when there is none or it is over by `nowMs`.
 */
export function suspensionEnd(user: { readonly suspended_until?: string | null } | null, nowMs: number): string | null {
  const until = user?.suspended_until ?? null;
  return until !== null && Date.parse(until) > nowMs ? until : null;
}

/**
 * The suspension banner on every signed-in page: the account is suspended until a day and time (London, through the
 * shared formatters: the caller passes them as `untilText`), why, and what it stops. Props in, markup out.
 */
export function SuspensionBanner({ untilText }: { readonly untilText: string }) {
  const intl = useIntl();
  return (
    <NoticeBanner tone="danger" title={intl.formatMessage({ id: 'suspension.title' })} testId="suspension-banner">
      <p>{intl.formatMessage({ id: 'suspension.text' }, { until: untilText })}</p>
    </NoticeBanner>
  );
}
