import { Schema } from 'effect';

/**
 * An amount in minor units (pence, cents). The portal divides by 100 when it shows it (spec §9). The whole-number
 * check aborts, so a range a field adds after it (`MinorUnits.check(…)`) is not reported beside it.
 */
export const MinorUnits = Schema.Number.check(Schema.isInt().abort()).pipe(Schema.brand('MinorUnits'));
export type MinorUnits = typeof MinorUnits.Type;

export const Money = Schema.Struct({ amount: MinorUnits });
export type Money = typeof Money.Type;
