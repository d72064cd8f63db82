import { EARTH_RADIUS_M, type LatLng } from '@/server/geo/distance';
import type { Town } from '@/server/geo/towns';
import type { Random } from '@/server/seed/random';

/**
 * Sampling weight of a town: its population, with a floor for places GeoNames gives none and a cap so that
 * London (one point for 7.5 million people; its boroughs are separate places) does not take a fifth of all work.
 */
const weightOf = (town: Town) => Math.min(Math.max(town.population, 2_000), 400_000);

/** Picks real towns for the seed: weighted by population, or at about a given distance from another town. */
export class TownPicker {
  private readonly cumulative: number[] = [];
  private readonly total: number;
  private readonly byLatitude: readonly Town[];

  constructor(
    private readonly towns: readonly Town[],
    private readonly random: Random,
  ) {
    let sum = 0;
    for (const town of towns) this.cumulative.push((sum += weightOf(town)));
    this.total = sum;
    this.byLatitude = [...towns].sort((a, b) => a.lat - b.lat);
  }

  /** A town drawn with probability proportional to its (capped) population. */
  pick(): Town {
    const roll = this.random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > roll) hi = mid;
      else lo = mid + 1;
    }
    return this.at(lo);
  }

  /**
   * A town whose distance from `from` is within ±40% of `metres`, weighted by population; `from` when none is.
   * Scans only the latitude band that can qualify (towns sorted by latitude) with an equirectangular distance,
   * which is within a fraction of a percent of the great circle at these distances.
   */
  pickAround(from: Town, metres: number): Town {
    const [near, far] = [metres * 0.6, metres * 1.4];
    const maxLat = (far / EARTH_RADIUS_M) * (180 / Math.PI);
    const kmPerDegLng = Math.cos((from.lat * Math.PI) / 180);
    const band: Town[] = [];
    let weight = 0;
    for (let i = this.firstAtOrAbove(from.lat - maxLat); i < this.byLatitude.length; i++) {
      const town = this.byLatitude[i] as Town;
      if (town.lat > from.lat + maxLat) break;
      const dy = ((town.lat - from.lat) * Math.PI) / 180;
      const dx = (((town.lng - from.lng) * Math.PI) / 180) * kmPerDegLng;
      const d = EARTH_RADIUS_M * Math.sqrt(dx * dx + dy * dy);
      if (d >= near && d <= far) {
        band.push(town);
        weight += weightOf(town);
      }
    }
    let roll = this.random.next() * weight;
    for (const town of band) if ((roll -= weightOf(town)) < 0) return town;
    return from;
  }

  named(name: string): Town {
    const town = this.towns.find((t) => t.name === name);
    if (!town) throw new Error(`no town named ${name}`);
    return town;
  }

  /**
   * A point near the town centre, standing in for a street address: up to ~0.5 km from the centre of a village and
   * up to 6 km in the largest cities.
   */
  scatter(town: Town): LatLng {
    const radiusKm = Math.min(6, 0.5 + Math.sqrt(town.population) / 250);
    const distanceKm = radiusKm * Math.sqrt(this.random.next());
    const bearing = this.random.next() * 2 * Math.PI;
    const lat = town.lat + (distanceKm / 111.2) * Math.cos(bearing);
    const lng = town.lng + (distanceKm / (111.2 * Math.cos((town.lat * Math.PI) / 180))) * Math.sin(bearing);
    return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
  }

  private firstAtOrAbove(lat: number): number {
    let lo = 0;
    let hi = this.byLatitude.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.byLatitude[mid]?.lat ?? Infinity) < lat) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private at(index: number): Town {
    const town = this.towns[index];
    if (!town) throw new Error(`town index ${index} out of range`);
    return town;
  }
}
