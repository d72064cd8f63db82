import type { APIRequestContext } from '@playwright/test';
import type { WonJob, WonWorkResponse } from '@/schemas/work';
import { API_HEADERS, signInForToken } from './partner-api';
import { ORIGIN } from './ports';

const PARTNER = 'partner@example.com';

/** Won work through the API as a partner (the demo partner unless named): tests pick their jobs from the server. */
export class WorkApi {
  private token: string | null = null;

  constructor(
    private readonly http: APIRequestContext,
    private readonly email: string = PARTNER,
  ) {}

  private async headers() {
    this.token ??= await signInForToken(this.http, this.email);
    return { ...API_HEADERS, Authorization: `Bearer ${this.token}` };
  }

  /** Every job of a tab (all pages). */
  async jobs(tab: 'active' | 'completed' | 'live_quotes'): Promise<WonJob[]> {
    const rows: WonJob[] = [];
    for (let page = 1; ; page += 1) {
      const res = await this.http.get(`${ORIGIN}/ng/api/v3/provider/won-work?tab=${tab}&page=${page}`, {
        headers: await this.headers(),
      });
      if (!res.ok()) throw new Error(`won-work ${tab} page ${page}: ${res.status()}`);
      const body = (await res.json()) as WonWorkResponse;
      rows.push(...body.rows);
      if (rows.length >= body.rows_total || body.rows.length === 0) return rows;
    }
  }

  /** The first job of a tab that `pick` accepts; fails the test when the seed has none. */
  async job(tab: 'active' | 'completed', pick: (job: WonJob) => boolean, what: string): Promise<WonJob> {
    const job = (await this.jobs(tab)).find(pick);
    if (!job) throw new Error(`the seed has no ${what} in the ${tab} tab`);
    return job;
  }

  /** GET request-feedback/{id} again: the status of a second request. */
  async requestFeedbackAgain(listingId: number): Promise<number> {
    const res = await this.http.get(`${ORIGIN}/ajax-provider-do-dash-option/request-feedback/${listingId}`, {
      headers: await this.headers(),
    });
    return res.status();
  }
}

/** The admin's seed tool of issue 7: the job's completion was false; its partner is suspended for 7 days. */
export async function markCompletionFalse(http: APIRequestContext, listingId: number): Promise<string> {
  const token = await signInForToken(http, 'admin@example.com');
  const res = await http.post(`${ORIGIN}/v1/admin/listings/${listingId}/false-completion`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  if (!res.ok()) throw new Error(`false-completion ${listingId}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { suspended_until: string }).suspended_until;
}
