import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { Reservation, ReservationInfo } from '@/schemas/reservation';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

/**
 * A demo partner's reservations read and made through the API as the portal does (session cookie, cookie grant,
 * bearer token): what the server stored is what the pages must show.
 */
export class ReservationApi {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly token: string,
    readonly userId: number,
  ) {}

  static async signIn(email: string): Promise<ReservationApi> {
    const http = await playwrightRequest.newContext();
    const access_token = await signInForToken(http, email);
    const me = await http.get(`${ORIGIN}/v1/user-info`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${access_token}` },
    });
    const { id } = (await me.json()) as { id: number };
    return new ReservationApi(http, access_token, id);
  }

  private get headers() {
    return { ...API_HEADERS, Authorization: `Bearer ${this.token}` };
  }

  private async json<T>(path: string): Promise<T> {
    const res = await this.http.get(`${ORIGIN}/${path}`, { headers: this.headers });
    if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }

  info(): Promise<ReservationInfo> {
    return this.json<{ data: ReservationInfo }>('v1/reservation-info').then((r) => r.data);
  }

  /** The current list (from today). */
  current(): Promise<Reservation[]> {
    return this.json<{ data: Reservation[] }>('v1/reservations?order=date_asc').then((r) => r.data);
  }

  async historic(page: number): Promise<{ data: Reservation[]; meta: { total: number; last_page: number } }> {
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    return this.json(`v1/reservations?date_to=${yesterday}&date_from=&order=date_desc&limit=20&page=${page}`);
  }

  /** The id of the partner's approved vehicle with this registration. */
  async vehicleId(registration: string): Promise<number> {
    const { data } = await this.json<{ data: { id: number; registration_number: string }[] }>(
      'ts/public/v1/vehicles?include-place-info=true&status=APPROVED',
    );
    const vehicle = data.find((v) => v.registration_number === registration);
    if (!vehicle) throw new Error(`no approved vehicle ${registration}`);
    return vehicle.id;
  }

  async byId(id: number): Promise<Reservation | undefined> {
    return (await this.current()).find((r) => r.id === id);
  }

  /**
   * A pending reservation made as the wizard makes one (validate, then accept the draft): a full day from the
   * vehicle's base area, finishing where it started.
   */
  async create(vehicleId: number, date: string, postcode = 'M1 1AE'): Promise<Reservation> {
    const place = { lat: 53.4808, lng: -2.2426, town: 'Manchester', postcode };
    const validate = await this.http.post(`${ORIGIN}/v1/reservations`, {
      headers: this.headers,
      data: {
        payload: {
          user_id: this.userId,
          vehicle_id: vehicleId,
          reservations: [
            {
              date,
              people: 1,
              capacity: { value: 3, unit: 'm3' },
              nodes: [
                { place, time: 'anytime' },
                { place, time: 'anytime' },
              ],
            },
          ],
        },
      },
    });
    if (!validate.ok()) throw new Error(`validate failed: ${validate.status()} ${await validate.text()}`);
    const { data: drafts } = (await validate.json()) as { data: { id: number }[] };
    const created = await this.http.post(`${ORIGIN}/v1/reservations/accept-drafts`, {
      headers: this.headers,
      data: { payload: { reservations: drafts.map((d) => d.id) } },
    });
    if (!created.ok()) throw new Error(`accept-drafts failed: ${created.status()} ${await created.text()}`);
    return ((await created.json()) as { data: Reservation[] }).data[0]!;
  }

  /**
   * The reservation team's return offer (admins only): POST v1/admin/reservations/{id}/return-offer with an offer that
   * runs out `expiresInS` seconds from now. Answers the reservation as its partner now sees it.
   */
  async returnOffer(id: number, expiresInS: number): Promise<Reservation> {
    const res = await this.http.post(`${ORIGIN}/v1/admin/reservations/${id}/return-offer`, {
      headers: this.headers,
      data: { payload: { expires_in_s: expiresInS } },
    });
    if (!res.ok()) throw new Error(`return-offer failed: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: Reservation }).data;
  }

  /** POST v1/reservations/{id}/accept-offer as the portal sends it; its status and body. */
  async acceptOffer(id: number): Promise<{ status: number; body: unknown }> {
    const res = await this.http.post(`${ORIGIN}/v1/reservations/${id}/accept-offer`, {
      headers: this.headers,
      data: {},
    });
    return { status: res.status(), body: await res.json() };
  }

  async dispose(): Promise<void> {
    await this.http.dispose();
  }
}

/** The instant (ms) of a London wall-clock time `HH:mm` on `date`. */
export const londonTimeOn = (date: string, time: string): number =>
  Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: 'Europe/London', plainTime: Temporal.PlainTime.from(time) })
    .epochMilliseconds;

/** The London date `days` after today, yyyy-MM-dd. */
export const londonDateIn = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
