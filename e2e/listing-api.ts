import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { SEARCH_CATEGORIES } from '@/schemas/search';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

/** What the listing tests read of a search result or a listing page (schemas/search.ts, schemas/listing.ts). */
export interface JobRow {
  readonly id: number;
  readonly kind: 'instant' | 'auction';
  readonly title: string;
  readonly price: { readonly amount: number };
  readonly pickup: { readonly town: string; readonly short_postcode: string | null };
  readonly delivery: { readonly town: string; readonly short_postcode: string | null };
}
export interface JobDetail extends JobRow {
  readonly allocation: { readonly pickup_postcode: string; readonly delivery_postcode: string } | null;
  readonly auction: { readonly quote_count: number; readonly my_quote: { amount: { amount: number } } | null } | null;
}

/** A demo partner signed in through the API as the portal does (session cookie, cookie grant, bearer token). */
export class PartnerApi {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(email: string): Promise<PartnerApi> {
    const http = await playwrightRequest.newContext();
    const access_token = await signInForToken(http, email);
    return new PartnerApi(http, access_token);
  }

  private get headers() {
    return { ...API_HEADERS, Authorization: `Bearer ${this.token}` };
  }

  /**
   * Open jobs of a kind anywhere, best paid first (book-now jobs only, for instant). Others' tests take jobs too, so
   * a caller picks one at random from many rather than the first.
   */
  async openJobs(kind: 'instant' | 'auction'): Promise<JobRow[]> {
    const res = await this.http.post(`${ORIGIN}/v1/jobs`, {
      headers: this.headers,
      data: {
        payload: {
          type: kind,
          categories: SEARCH_CATEGORIES,
          ...(kind === 'instant' ? { filters: { allocation_method: ['click_and_claim'] } } : {}),
          order: 'payout_desc',
          limit: 100,
        },
      },
    });
    if (!res.ok()) throw new Error(`v1/jobs failed: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: JobRow[] }).data;
  }

  /** One open job of the kind, chosen at random among the best paid. */
  async anyOpenJob(kind: 'instant' | 'auction'): Promise<JobRow> {
    const jobs = await this.openJobs(kind);
    const job = jobs[Math.floor(Math.random() * jobs.length)];
    if (!job) throw new Error(`no open ${kind} job`);
    return job;
  }

  async listing(id: number): Promise<{ status: number; data: JobDetail | null }> {
    const res = await this.http.get(`${ORIGIN}/v1/listings/${id}`, { headers: this.headers });
    return { status: res.status(), data: res.ok() ? ((await res.json()) as { data: JobDetail }).data : null };
  }

  /** POST /v1/listings/{id}/book: the status the server answered. */
  async book(id: number): Promise<number> {
    const res = await this.http.post(`${ORIGIN}/v1/listings/${id}/book`, {
      headers: this.headers,
      data: { payload: {} },
    });
    return res.status();
  }

  async dispose(): Promise<void> {
    await this.http.dispose();
  }
}
