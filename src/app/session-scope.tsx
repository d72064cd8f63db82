import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { AppInit, type Features } from '@/schemas/app-init';
import { decodeResult } from '@/schemas/decode';
import type { UserId } from '@/schemas/user';
import { appInitMachine } from '@/machines/app-init/app-init.machine';
import { featuresOf, hasAppInitFailed } from '@/machines/app-init/app-init.selectors';
import { authStatus, currentUser } from '@/machines/auth/auth.selectors';
import { createRequestMachine } from '@/machines/request/request.machine';
import { fetchBadgeCounters } from '@/src/api/partner-overview';
import { Result } from 'effect';
import { inspect } from './inspection';
import { useAuthActor } from './root-actors';

const badgeCountersMachine = createRequestMachine('badgeCounters', fetchBadgeCounters);

interface SessionActors {
  readonly appInit: ActorRefFrom<typeof appInitMachine>;
  readonly badgeCounters: ActorRefFrom<typeof badgeCountersMachine>;
  /** Feature flags of this user; null until app init answered or a cached copy exists. */
  readonly features: Features | null;
  readonly initFailed: boolean;
}

const SessionContext = createContext<SessionActors | null>(null);

/** The signed-in user's app init and counters; null while signed out. */
export const useSession = () => useContext(SessionContext);

const cacheKey = (userId: UserId) => `tpp.app-init.${userId}`;

function readCachedInit(userId: UserId) {
  try {
    return Result.getOrNull(
      decodeResult(AppInit, 'AppInit')(JSON.parse(localStorage.getItem(cacheKey(userId)) ?? 'null')),
    );
  } catch {
    return null;
  }
}

function SignedInActors({ userId, children }: { userId: UserId; children: ReactNode }) {
  const appInit = useActorRef(
    appInitMachine.provide({
      actions: { storeCache: (_, { init }) => localStorage.setItem(cacheKey(userId), JSON.stringify(init)) },
    }),
    { inspect, input: { cached: readCachedInit(userId) } },
  );
  const badgeCounters = useActorRef(badgeCountersMachine, { inspect });
  const features = useSelector(appInit, featuresOf);
  const initFailed = useSelector(appInit, hasAppInitFailed);
  const value = useMemo(
    () => ({ appInit, badgeCounters, features, initFailed }),
    [appInit, badgeCounters, features, initFailed],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Creates the per-user machines when a user signs in, and drops them (keyed by user) when they sign out. */
export function SessionScope({ children }: { children: ReactNode }) {
  const auth = useAuthActor();
  const status = useSelector(auth, authStatus);
  const user = useSelector(auth, currentUser);
  if (status !== 'in' || !user) return <SessionContext.Provider value={null}>{children}</SessionContext.Provider>;
  return (
    <SignedInActors key={user.id} userId={user.id}>
      {children}
    </SignedInActors>
  );
}
