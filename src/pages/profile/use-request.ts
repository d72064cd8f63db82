import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { createRequestMachine } from '@/machines/request/request.machine';
import { failureKind } from '@/src/api/errors';
import { inspect } from '@/src/app/inspection';

/**
 * A tab's plain read through the shared request machine (spec §4 "request state"): made once per mounted component,
 * so a tab's page is its own component keyed by the page (a new page is a new read).
 */
export function useRequest<T>(id: string, load: () => Promise<T>) {
  const [machine] = useState(() => createRequestMachine(id, load));
  const actor = useActorRef(machine, { inspect });
  const data = useSelector(actor, (s) => s.context.data);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failure = useSelector(actor, (s) => (s.matches('failure') ? failureKind(s.context.error) : null));
  return { data, loading, failure, retry: () => actor.send({ type: 'request.retry' }) };
}
