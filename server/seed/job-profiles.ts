import { SUB_FILTER_VALUES } from '@/schemas/search';
import type { JobCategory } from '@/server/jobs/job-categories';
import type { Random } from '@/server/seed/random';

/**
 * How the seed shapes a job of each category: how common it is, how far it usually travels, its volume, its
 * price (fixed part plus a rate per mile and per cubic metre, in pence, before a ±15% spread), and the sub-filter
 * attributes of spec §3 it carries.
 */
export interface JobProfile {
  readonly weight: number;
  /** Typical road distance, miles: most jobs fall between the two, a few go further. */
  readonly miles: readonly [number, number];
  readonly volumeM3: readonly [number, number];
  readonly basePence: number;
  readonly pencePerMile: number;
  readonly pencePerM3: number;
  readonly attributes: (random: Random) => Record<string, string>;
}

const PEOPLE = SUB_FILTER_VALUES.people;
const ACCESS = SUB_FILTER_VALUES.property_access;
const PROPERTY = SUB_FILTER_VALUES.property_type;
const PIANOS = SUB_FILTER_VALUES.piano_type;
const MOTORBIKES = SUB_FILTER_VALUES.motorbike_type;

const furniture = (random: Random) => ({
  people: random.weighted([
    [PEOPLE[0], 5],
    [PEOPLE[1], 4],
    [PEOPLE[2], 1],
  ] as const),
  property_access: random.pick(ACCESS),
});
const removal = (random: Random) => ({
  property_type: random.weighted([
    [PROPERTY[0], 4],
    [PROPERTY[1], 4],
    [PROPERTY[2], 1],
    [PROPERTY[3], 1],
    [PROPERTY[4], 1],
  ] as const),
  property_access: random.pick(ACCESS),
  package: random.weighted([
    ['standard', 3],
    ['premium', 1],
  ] as const),
  people: random.weighted([
    [PEOPLE[1], 3],
    [PEOPLE[2], 2],
    [PEOPLE[0], 1],
  ] as const),
});
const car = (random: Random) => ({
  weight: random.weighted([
    ['less_than_1_8_tonnes', 3],
    ['more_than_1_8_tonnes', 1],
  ] as const),
  condition: random.weighted([
    ['operational', 5],
    ['non_operational', 1],
  ] as const),
});
const none = () => ({});

export const JOB_PROFILES: Readonly<Record<JobCategory, JobProfile>> = {
  general_goods_move: {
    weight: 30,
    miles: [3, 120],
    volumeM3: [0.5, 8],
    basePence: 2500,
    pencePerMile: 110,
    pencePerM3: 350,
    attributes: furniture,
  },
  house_move: {
    weight: 14,
    miles: [3, 150],
    volumeM3: [8, 35],
    basePence: 15000,
    pencePerMile: 150,
    pencePerM3: 600,
    attributes: removal,
  },
  vehicle_move: {
    weight: 6,
    miles: [10, 250],
    volumeM3: [8, 14],
    basePence: 6000,
    pencePerMile: 115,
    pencePerM3: 0,
    attributes: car,
  },
  piano: {
    weight: 3,
    miles: [2, 80],
    volumeM3: [1, 3],
    basePence: 9000,
    pencePerMile: 120,
    pencePerM3: 1500,
    attributes: (r) => ({
      piano_type: r.weighted([
        [PIANOS[0], 6],
        [PIANOS[1], 1],
        [PIANOS[2], 3],
        [PIANOS[3], 0.2],
        [PIANOS[4], 1],
        [PIANOS[5], 0.3],
      ] as const),
      property_access: r.pick(ACCESS),
    }),
  },
  motorcycles: {
    weight: 4,
    miles: [5, 200],
    volumeM3: [1.5, 3],
    basePence: 4000,
    pencePerMile: 90,
    pencePerM3: 0,
    attributes: (r) => ({
      motorbike_type: r.pick(MOTORBIKES),
      condition: r.weighted([
        ['operational', 5],
        ['non_operational', 1],
      ] as const),
    }),
  },
  hourly_rate: {
    weight: 3,
    miles: [1, 25],
    volumeM3: [2, 15],
    basePence: 6000,
    pencePerMile: 60,
    pencePerM3: 200,
    attributes: (r) => ({ hours: String(r.int(2, 8)), people: r.pick(PEOPLE) }),
  },
  specialist_move: {
    weight: 2,
    miles: [5, 150],
    volumeM3: [1, 10],
    basePence: 12000,
    pencePerMile: 140,
    pencePerM3: 800,
    attributes: (r) => ({ people: r.pick(PEOPLE) }),
  },
  boat_move: {
    weight: 1,
    miles: [10, 250],
    volumeM3: [6, 30],
    basePence: 15000,
    pencePerMile: 160,
    pencePerM3: 100,
    attributes: none,
  },
  freight_move: {
    weight: 3,
    miles: [20, 300],
    volumeM3: [6, 40],
    basePence: 12000,
    pencePerMile: 180,
    pencePerM3: 300,
    attributes: none,
  },
  industrial_move: {
    weight: 1,
    miles: [5, 150],
    volumeM3: [4, 30],
    basePence: 15000,
    pencePerMile: 170,
    pencePerM3: 500,
    attributes: none,
  },
  livestock_move: {
    weight: 1,
    miles: [5, 120],
    volumeM3: [3, 15],
    basePence: 8000,
    pencePerMile: 140,
    pencePerM3: 200,
    attributes: none,
  },
  'vehicle-parts': {
    weight: 3,
    miles: [5, 200],
    volumeM3: [0.2, 3],
    basePence: 2000,
    pencePerMile: 80,
    pencePerM3: 400,
    attributes: none,
  },
  clearance: {
    weight: 3,
    miles: [1, 20],
    volumeM3: [3, 20],
    basePence: 8000,
    pencePerMile: 80,
    pencePerM3: 700,
    attributes: (r) => ({ property_type: r.pick(PROPERTY), property_access: r.pick(ACCESS) }),
  },
  office_move: {
    weight: 2,
    miles: [2, 60],
    volumeM3: [10, 40],
    basePence: 25000,
    pencePerMile: 150,
    pencePerM3: 600,
    attributes: (r) => ({
      property_access: r.pick(ACCESS),
      people: r.weighted([
        [PEOPLE[1], 1],
        [PEOPLE[2], 2],
      ] as const),
    }),
  },
  parcels: {
    weight: 5,
    miles: [2, 200],
    volumeM3: [0.05, 0.8],
    basePence: 800,
    pencePerMile: 45,
    pencePerM3: 900,
    attributes: none,
  },
  man_power_only: {
    weight: 2,
    miles: [0, 2],
    volumeM3: [1, 10],
    basePence: 4000,
    pencePerMile: 0,
    pencePerM3: 300,
    attributes: (r) => ({ people: r.pick(PEOPLE), hours: String(r.int(1, 6)) }),
  },
  ebay: {
    weight: 4,
    miles: [5, 200],
    volumeM3: [0.2, 4],
    basePence: 2000,
    pencePerMile: 90,
    pencePerM3: 350,
    attributes: furniture,
  },
  other: {
    weight: 3,
    miles: [3, 120],
    volumeM3: [0.3, 6],
    basePence: 2500,
    pencePerMile: 100,
    pencePerM3: 350,
    attributes: furniture,
  },
  journey_vehicle_move: {
    weight: 2,
    miles: [40, 300],
    volumeM3: [8, 14],
    basePence: 7000,
    pencePerMile: 100,
    pencePerM3: 0,
    attributes: car,
  },
  journey_general_goods_move: {
    weight: 3,
    miles: [40, 300],
    volumeM3: [1, 10],
    basePence: 3000,
    pencePerMile: 95,
    pencePerM3: 300,
    attributes: furniture,
  },
  virtual_journey_car: {
    weight: 1,
    miles: [40, 300],
    volumeM3: [8, 14],
    basePence: 7000,
    pencePerMile: 100,
    pencePerM3: 0,
    attributes: car,
  },
  virtual_journey_furniture: {
    weight: 2,
    miles: [40, 300],
    volumeM3: [1, 12],
    basePence: 3000,
    pencePerMile: 95,
    pencePerM3: 300,
    attributes: furniture,
  },
  antiques: {
    weight: 2,
    miles: [5, 200],
    volumeM3: [0.3, 4],
    basePence: 5000,
    pencePerMile: 120,
    pencePerM3: 900,
    attributes: furniture,
  },
};
