import type { SnapshotFrom } from 'xstate';
import { expressFee } from '@/schemas/payments';
import type { expressPay } from './express-pay.machine';

type Snapshot = SnapshotFrom<typeof expressPay>;

/** What the switches show: the change being saved, else the saved settings. */
export const shownSwitches = (s: Snapshot) => s.context.pending ?? s.context.settings;
export const isSaving = (s: Snapshot) => s.hasTag('busy');
export const canChange = (s: Snapshot) => s.context.settings.available && !s.hasTag('busy');

/** The fee example of the details: the fee on `amount` pence, and what the partner receives. */
export const feeExample = (amount: number) => ({ amount, fee: expressFee(amount), net: amount - expressFee(amount) });
