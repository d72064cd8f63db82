import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { currentUser } from '@/machines/auth/auth.selectors';
import { useAuthActor } from '@/src/app/root-actors';

/** Spec §2: reservation pages redirect to /reservations (which says why) when the user lacks the journey-ready flag. */
export function JourneyReadyGuard({ children }: { children: ReactNode }) {
  const user = useSelector(useAuthActor(), currentUser);
  if (user && !user.ip_journey_ready) return <Redirect to="/reservations" replace />;
  return <>{children}</>;
}

/** Whether the signed-in user may use reservations (the journey-ready flag, spec §6). */
export function useJourneyReady(): boolean {
  return useSelector(useAuthActor(), currentUser)?.ip_journey_ready === true;
}
