import type { APIRequestContext } from '@playwright/test';
import type { FleetDriversResponse } from '@/schemas/fleet';
import type { VehiclesResponse } from '@/schemas/vehicle';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

/** The fleet slice's own account (server/seed/fleet-accounts.ts): the browser tests change its fleet, nobody else's. */
export const FLEET_PARTNER = 'fleet@example.com';

/** My vehicles and drivers through the API (schemas/fleet.ts), as the fleet partner or the admin. */
export class FleetApi {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly http: APIRequestContext) {}

  private async headers(email: string) {
    if (!this.tokens.has(email)) this.tokens.set(email, await signInForToken(this.http, email));
    return { ...API_HEADERS, Authorization: `Bearer ${this.tokens.get(email)}` };
  }

  /** The fleet partner's vehicle with this registration (not removed); fails the test when there is none. */
  async vehicleId(registration: string): Promise<number> {
    const res = await this.http.get(`${ORIGIN}/ts/public/v1/vehicles`, { headers: await this.headers(FLEET_PARTNER) });
    const vehicle = ((await res.json()) as typeof VehiclesResponse.Encoded).data.find(
      (v) => v.registration_number === registration,
    );
    if (!vehicle) throw new Error(`${FLEET_PARTNER} has no vehicle ${registration}`);
    return vehicle.id;
  }

  /** The fleet partner's driver of this name. */
  async driverId(name: string): Promise<number> {
    const res = await this.http.get(`${ORIGIN}/ng/api/v3/provider/drivers`, {
      headers: await this.headers(FLEET_PARTNER),
    });
    const driver = ((await res.json()) as typeof FleetDriversResponse.Encoded).data.rows.find(
      (d) => d.full_name === name,
    );
    if (!driver) throw new Error(`${FLEET_PARTNER} has no driver ${name}`);
    return driver.id;
  }

  /** The team's review (the admin's seed tool): approves or rejects a vehicle. */
  async review(vehicleId: number, status: 'APPROVED' | 'REJECTED'): Promise<void> {
    const res = await this.http.post(`${ORIGIN}/v1/admin/vehicles/${vehicleId}/review`, {
      data: { payload: { status } },
      headers: await this.headers('admin@example.com'),
    });
    if (!res.ok()) throw new Error(`review of vehicle ${vehicleId}: ${res.status()} ${await res.text()}`);
  }

  /** Won work's allocate-driver (spec §7) as the fleet partner: the status and body of the answer. */
  async allocateDriver(listingId: number, driverId: number): Promise<{ status: number; body: unknown }> {
    const res = await this.http.post(`${ORIGIN}/ng/api/v3/listings/${listingId}?action=allocate-driver`, {
      data: { listing_id: listingId, user_id: driverId },
      headers: await this.headers(FLEET_PARTNER),
    });
    return { status: res.status(), body: await res.json() };
  }
}
