import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivity.machine';

export const isOffline = (s: SnapshotFrom<typeof connectivityMachine>) => s.matches('offline');
