import type { SnapshotFrom } from 'xstate';
import type { switchUserMachine } from './switch-user.machine';

type Snap = SnapshotFrom<typeof switchUserMachine>;

export const partnersOf = (s: Snap) => s.context.partners;
export const totalOf = (s: Snap) => s.context.total;
export const queryOf = (s: Snap) => s.context.query;
export const searchFailure = (s: Snap) => (s.matches('failed') ? s.context.failure : null);
export const isSearching = (s: Snap) => s.hasTag('loading') || s.matches('typing');
