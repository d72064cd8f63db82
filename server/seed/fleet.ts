import type { Random } from '@/server/seed/random';

export const VEHICLE_SIZES = ['swb', 'mwb', 'lwb', 'xlwb', 'luton_van'] as const;
export type VehicleSize = (typeof VEHICLE_SIZES)[number];

interface SizeProfile {
  readonly models: readonly (readonly [make: string, model: string])[];
  readonly capacityM3: readonly [number, number];
  readonly payloadKg: readonly [number, number];
}

/** Common UK vans of each size, with their usual load volume and payload ranges. */
const SIZES: Readonly<Record<VehicleSize, SizeProfile>> = {
  swb: {
    models: [
      ['Ford', 'Transit Connect'],
      ['Volkswagen', 'Caddy'],
      ['Citroën', 'Berlingo'],
      ['Vauxhall', 'Combo'],
    ],
    capacityM3: [3.2, 4.4],
    payloadKg: [650, 900],
  },
  mwb: {
    models: [
      ['Ford', 'Transit Custom'],
      ['Volkswagen', 'Transporter'],
      ['Vauxhall', 'Vivaro'],
      ['Renault', 'Trafic'],
    ],
    capacityM3: [5.5, 6.9],
    payloadKg: [950, 1300],
  },
  lwb: {
    models: [
      ['Mercedes-Benz', 'Sprinter'],
      ['Ford', 'Transit'],
      ['Renault', 'Master'],
      ['Peugeot', 'Boxer'],
    ],
    capacityM3: [9, 11.5],
    payloadKg: [1150, 1500],
  },
  xlwb: {
    models: [
      ['Mercedes-Benz', 'Sprinter XLWB'],
      ['Iveco', 'Daily'],
      ['Volkswagen', 'Crafter'],
      ['Ford', 'Transit Jumbo'],
    ],
    capacityM3: [13, 16],
    payloadKg: [1200, 1550],
  },
  luton_van: {
    models: [
      ['Ford', 'Transit Luton'],
      ['Peugeot', 'Boxer Luton'],
      ['Iveco', 'Daily Luton'],
      ['Renault', 'Master Luton'],
    ],
    capacityM3: [18, 21],
    payloadKg: [950, 1250],
  },
};

export interface VehicleSpec {
  readonly type: VehicleSize;
  readonly make: string;
  readonly model: string;
  readonly seats: number;
  readonly hasTailLift: boolean;
  readonly loadingCapacityM3: number;
  readonly totalPayloadKg: number;
}

export const seedVehicleSpec = (random: Random, type: VehicleSize): VehicleSpec => {
  const profile = SIZES[type];
  const [make, model] = random.pick(profile.models);
  return {
    type,
    make,
    model,
    seats: type === 'swb' ? 2 : random.pick([2, 3, 3]),
    hasTailLift: type === 'luton_van' ? random.chance(0.7) : false,
    loadingCapacityM3: Math.round(random.float(...profile.capacityM3) * 10) / 10,
    totalPayloadKg: Math.round(random.float(...profile.payloadKg) / 10) * 10,
  };
};
