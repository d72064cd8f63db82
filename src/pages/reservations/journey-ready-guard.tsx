import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { currentUser } from '@/machines/auth/auth.selectors';
import { useAuthActor } from '@/src/app/root-actors';

/** The history entry's mark of a partner sent back from a reservation page they may not open. */
export const NOT_ALLOWED = 'reservationPageNotAllowed';

/**
 * Spec §2: reservation pages redirect to /reservations (which says why) when the user lacks the journey-ready flag;
 * the list then also says that the page asked for was not allowed (spec §6's 'not allowed to access this page').
 */
export function JourneyReadyGuard({ children }: { children: ReactNode }) {
  const user = useSelector(useAuthActor(), currentUser);
  if (user && !user.ip_journey_ready) return <Redirect to="/reservations" replace state={{ [NOT_ALLOWED]: true }} />;
  return <>{children}</>;
}

/** Whether the signed-in user may use reservations (the journey-ready flag, spec §6). */
export function useJourneyReady(): boolean {
  return useSelector(useAuthActor(), currentUser)?.ip_journey_ready === true;
}
