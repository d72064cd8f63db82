import { useActorRef } from '@xstate/react';
import { newWorkBadgeMachine } from '@/machines/new-work-alerts/new-work-badge.machine';
import { inspect } from '@/src/app/inspection';

/**
 * Runs the newWorkBadge machine for as long as the top bar is on screen: it listens to GET /v1/jobs/events and calls
 * `onNewWork` a moment after jobs are posted. Renders nothing. Loaded lazily by new-work-badge.tsx.
 */
export default function NewWorkWatch({ onNewWork }: { onNewWork: () => void }) {
  useActorRef(newWorkBadgeMachine.provide({ actions: { refreshCounters: () => onNewWork() } }), { inspect });
  return null;
}
