import type { SnapshotFrom } from 'xstate';
import type { FeatureFlag } from '@/schemas/app-init';
import type { appInitMachine } from './app-init.machine';

type AppInitSnapshot = SnapshotFrom<typeof appInitMachine>;

export const isAppInitReady = (s: AppInitSnapshot) => s.context.init !== null;
export const hasAppInitFailed = (s: AppInitSnapshot) => s.matches('failed');
export const featuresOf = (s: AppInitSnapshot) => s.context.init?.features ?? null;
export const isFeatureOn = (s: AppInitSnapshot, flag: FeatureFlag) => s.context.init?.features[flag] === true;
export const fakeDateOf = (s: AppInitSnapshot) => s.context.init?.fake_date ?? null;
