/** The seed's fixed PRNG seed: the same database every time (except password salts and session secrets). */
export const SEED = 20261120;

/** mulberry32: a small, fast 32-bit PRNG; good enough for demo data, not for secrets. */
const mulberry32 = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Deterministic random choices for the seed. */
export class Random {
  readonly next: () => number;

  constructor(seed: number = SEED) {
    this.next = mulberry32(seed);
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** `count` letters drawn from `alphabet`. */
  letters(alphabet: string, count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A version-4-shaped UUID from this generator (deterministic, so not for secrets). */
  uuid(): string {
    const hex = this.letters('0123456789abcdef', 32).split('');
    hex[12] = '4';
    hex[16] = '89ab'[this.int(0, 3)] ?? '8';
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}
