import { METRES_PER_MILE } from '@/server/geo/distance';

/** What a listing's description is made from: the public facts only (no customer, no street). */
export interface DescribedListing {
  readonly category: string;
  readonly pickup_town: string;
  readonly delivery_town: string;
  readonly volume_m3: number;
  readonly distance_m: number;
  readonly attributes: Readonly<Record<string, string>>;
}

/** How an attribute reads in a sentence; attributes not listed read as "Key words: value words". */
const ATTRIBUTE_TEXT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  people: { one_person: 'One person needed', two_people: 'Two people needed', three_people: 'Three people needed' },
  property_access: { has_lift: 'There is a lift', no_lift: 'There is no lift' },
  property_type: {
    flat: 'From a flat',
    house: 'From a house',
    storage: 'From storage',
    flatshare: 'From a flatshare',
    studio: 'From a studio',
  },
  package: { standard: 'Standard package', premium: 'Premium package (packing included)' },
  weight: { less_than_1_8_tonnes: 'Vehicle under 1.8 tonnes', more_than_1_8_tonnes: 'Vehicle over 1.8 tonnes' },
  condition: { operational: 'Runs and drives', non_operational: 'Does not run' },
};

const words = (id: string) => id.replace(/[_-]+/g, ' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const attributeSentence = (key: string, value: string): string => {
  const known = ATTRIBUTE_TEXT[key]?.[value];
  if (known) return known;
  if (key === 'hours') return `${value} hours booked`;
  if (key === 'piano_type') return `${capitalised(words(value))} piano`;
  if (key === 'motorbike_type') return `Motorbike: ${words(value)}`;
  return `${capitalised(words(key))}: ${words(value)}`;
};

/**
 * Plain English about the job, for the listing page: what moves, how much, how far, and the attributes. The seed's
 * jobs carry no customer text, so this stands in for it. English only, like every server text; the portal has the
 * same facts as fields to format in the partner's language.
 */
export const describeListing = (listing: DescribedListing): string => {
  const miles = Math.max(1, Math.round(listing.distance_m / METRES_PER_MILE));
  const sentences = [
    `${capitalised(words(listing.category))} from ${listing.pickup_town} to ${listing.delivery_town}, about ${miles} ${
      miles === 1 ? 'mile' : 'miles'
    } by road.`,
    `Around ${listing.volume_m3} m³ to carry.`,
    ...Object.entries(listing.attributes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => `${attributeSentence(key, value)}.`),
  ];
  return sentences.join(' ');
};
