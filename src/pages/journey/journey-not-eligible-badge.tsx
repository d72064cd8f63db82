import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useIntl } from 'react-intl';

/**
 * Spec §6: the "Not eligible" badge with its tooltip 'not eligible to carry out journeys' (React Aria's, shown on
 * hover and on keyboard focus, named by `aria-describedby`). Loaded by the journey page only when the partner may not
 * take the journey.
 */
export default function NotEligibleBadge() {
  const intl = useIntl();
  return (
    <TooltipTrigger delay={300}>
      <Button className="journey-badge journey-badge-no">
        {intl.formatMessage({ id: 'journey.notEligible.badge' })} <InfoIcon />
      </Button>
      <Tooltip className="journey-tooltip" placement="bottom">
        {intl.formatMessage({ id: 'journey.notEligible.tooltip' })}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** An "i" in a circle, drawn: the ⓘ character is missing from common fonts and shows as an empty box there. */
function InfoIcon() {
  return (
    <svg className="journey-info-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8" cy="4.75" r="1" fill="currentColor" />
      <path d="M8 7v5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
