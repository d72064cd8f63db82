import { Schema } from 'effect';

/** An amount in minor units (pence, cents). The portal divides by 100 when it shows it (spec §9). */
export const MinorUnits = Schema.Number.pipe(Schema.int(), Schema.brand('MinorUnits'));
export type MinorUnits = typeof MinorUnits.Type;

export const Money = Schema.Struct({ amount: MinorUnits });
export type Money = typeof Money.Type;
