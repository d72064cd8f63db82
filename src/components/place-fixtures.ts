import { Schema } from 'effect';
import { Place } from '@/schemas/place';

/** The tests' Manchester, as GET v1/places answers it. */
export const MANCHESTER = Schema.decodeUnknownSync(Place)({
  id: 'town:manchester',
  lat: 53.4808,
  lng: -2.2426,
  postcode: null,
  postalTown: 'Manchester',
  shortPostalCode: 'M1',
  town: 'Manchester',
  nuts1: { code: 'UKD', name: 'North West (England)', short_name: 'N.West' },
});

/** jsdom has no CSS.escape, which React Aria's popover calls; every browser has it. */
export function polyfillCssEscape(): void {
  if (typeof globalThis.CSS?.escape !== 'function')
    Object.assign(globalThis, { CSS: { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) } });
}
