import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

const JOURNEY_CATEGORIES = [
  'journey_general_goods_move',
  'journey_vehicle_move',
  'virtual_journey_car',
  'virtual_journey_furniture',
];
const HOUR = 3_600_000;

/** A journey of find work's journey tab, as POST v1/jobs answers it (schemas/search.ts). */
export interface JourneyRow {
  readonly id: number;
  readonly title: string;
  readonly allocation_method: 'click_and_claim' | 'express_interest';
  readonly pickup_date: { readonly start: string };
  readonly volume_m3: number;
}

/** What the browser tests read of GET /ts/public/find-work/v1/journeys/{id} (schemas/journey.ts JourneyResponse). */
export interface JourneyAnswer {
  readonly journey: {
    readonly id: number;
    readonly status: string;
    readonly start_town: string;
    readonly end_town: string;
    readonly first_pickup_at: string;
    readonly tp_quote: { readonly amount: number };
    readonly customer_details: string;
    readonly nodes: ReadonlyArray<{ readonly sortOrder: number; readonly deactivatedAt: string | null }>;
    readonly listings: ReadonlyArray<{
      readonly listing_id: number;
      readonly customer: { readonly name: string; readonly phone: string } | null;
      readonly special_requirements: string | null;
    }>;
  };
  readonly allocationDetails: { readonly status: string; readonly allocationMethod: string } | null;
  readonly driver: { readonly id: number; readonly full_name: string; readonly confirmed: boolean } | null;
  readonly actions: Record<string, boolean | string | null>;
}

/** What the browser tests read of a pending interest (schemas/journey.ts ExpressedInterest). */
export interface Interest {
  readonly id: number;
  readonly provider_vehicle_id: number;
  readonly tp_quote: { readonly amount: number };
  readonly selected_number_of_men_option: 1 | 2 | null;
  readonly expressed_at: string;
  readonly cancellable_until: string;
}

export interface Vehicle {
  readonly id: number;
  readonly registration_number: string;
  readonly loading_capacity_m3: number;
  readonly eligible: boolean;
}

/** A demo partner's journey calls, signed in through the API as the portal does (session cookie, cookie grant). */
export class JourneyApi {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(email: string): Promise<JourneyApi> {
    const http = await playwrightRequest.newContext();
    const access_token = await signInForToken(http, email);
    return new JourneyApi(http, access_token);
  }

  private get headers() {
    return { ...API_HEADERS, Authorization: `Bearer ${this.token}` };
  }

  /**
   * Open journeys offered one way, whose first pickup is at least `hoursAhead` away (the cancellation deadline and the
   * charge bands depend on it), newest first, up to 100.
   */
  async openJourneys(method: JourneyRow['allocation_method'], hoursAhead = 0): Promise<JourneyRow[]> {
    const res = await this.http.post(`${ORIGIN}/v1/jobs`, {
      headers: this.headers,
      data: {
        payload: {
          type: 'journey',
          categories: JOURNEY_CATEGORIES,
          filters: { allocation_method: [method] },
          limit: 100,
        },
      },
    });
    if (!res.ok()) throw new Error(`v1/jobs failed: ${res.status()} ${await res.text()}`);
    const rows = ((await res.json()) as { data: JourneyRow[] }).data;
    return rows.filter((row) => Date.parse(row.pickup_date.start) > Date.now() + hoursAhead * HOUR);
  }

  /** One open journey, at random among many (other tests take journeys too), that this partner's vans can carry. */
  async anyOpenJourney(method: JourneyRow['allocation_method'], hoursAhead = 0): Promise<JourneyRow> {
    const rows = await this.openJourneys(method, hoursAhead);
    for (let tries = 0; tries < 10 && rows.length > 0; tries += 1) {
      const [row] = rows.splice(Math.floor(Math.random() * rows.length), 1);
      const answer = await this.journey(row!.id);
      const open = answer.data?.actions[method === 'click_and_claim' ? 'click_and_claim' : 'express_interest'];
      if (open === true) return row!;
    }
    throw new Error(`no open ${method} journey for this partner`);
  }

  async journey(id: number): Promise<{ status: number; data: JourneyAnswer | null }> {
    const res = await this.http.get(`${ORIGIN}/ts/public/find-work/v1/journeys/${id}`, { headers: this.headers });
    return { status: res.status(), data: res.ok() ? ((await res.json()) as JourneyAnswer) : null };
  }

  async vehicles(journeyId: number): Promise<Vehicle[]> {
    const res = await this.http.get(`${ORIGIN}/journey/api/v1/journey-shells/listProviderVehicles/${journeyId}`, {
      headers: this.headers,
    });
    return ((await res.json()) as { data: Vehicle[] }).data;
  }

  async drivers(): Promise<Array<{ id: number; full_name: string; active: boolean }>> {
    const res = await this.http.get(`${ORIGIN}/ng/api/v3/provider/drivers`, { headers: this.headers });
    return ((await res.json()) as { data: { rows: Array<{ id: number; full_name: string; active: boolean }> } }).data
      .rows;
  }

  /** Click and claim with the largest eligible vehicle and the first active driver: the status answered. */
  async claim(journeyId: number): Promise<number> {
    const vehicle = (await this.vehicles(journeyId))
      .filter((v) => v.eligible)
      .sort((a, b) => b.loading_capacity_m3 - a.loading_capacity_m3)[0];
    const driver = (await this.drivers()).find((d) => d.active);
    if (!vehicle || !driver) throw new Error('no vehicle or driver to claim with');
    const res = await this.http.post(`${ORIGIN}/journey/api/v1/journey/${journeyId}/register-driver/${driver.id}`, {
      headers: this.headers,
      data: { payload: { provider_vehicle_id: vehicle.id } },
    });
    return res.status();
  }

  /** The partner's pending interest in a journey, or null. */
  async interest(journeyId: number): Promise<Interest | null> {
    const res = await this.http.get(`${ORIGIN}/journey/api/v1/journey/expressed-interest/${journeyId}`, {
      headers: this.headers,
    });
    return ((await res.json()) as { data: Interest | null }).data;
  }

  /** Withdraws the partner's interest, as another tab or device of the partner would: the status answered. */
  async cancelInterest(journeyId: number): Promise<number> {
    const res = await this.http.get(`${ORIGIN}/ng/api/v3/provider/cancelInterest/${journeyId}`, {
      headers: this.headers,
    });
    return res.status();
  }

  async dispose(): Promise<void> {
    await this.http.dispose();
  }
}
