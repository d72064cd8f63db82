import { useIntl } from 'react-intl';
import { NoticeBanner } from './notice-banner';

/**
 * The switch-user banner on every signed-in page (spec §6: admins logged in as another user see a banner warning of
 * this, with a way back): whom the admin is acting as, that what they do is recorded as done on the partner's
 * behalf, and "Back to my account". Props in, markup out.
 */
export function ImpersonationBanner({
  name,
  email,
  busy,
  onBack,
}: {
  readonly name: string;
  readonly email: string;
  /** Going back is under way: the button waits. */
  readonly busy: boolean;
  onBack(): void;
}) {
  const intl = useIntl();
  return (
    <NoticeBanner
      tone="warning"
      title={intl.formatMessage({ id: 'impersonation.title' }, { name })}
      testId="impersonation-banner"
    >
      <p>{intl.formatMessage({ id: 'impersonation.text' }, { name, email })}</p>
      <button type="button" className="button button-secondary" disabled={busy} onClick={onBack}>
        {intl.formatMessage({ id: busy ? 'impersonation.leaving' : 'impersonation.back' })}
      </button>
    </NoticeBanner>
  );
}
