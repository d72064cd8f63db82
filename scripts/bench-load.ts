/**
 * Load test (issue 3): 50 connections for 30 s (BENCH_CONNECTIONS, BENCH_DURATION_S) against the search,
 * the tab counts, the reservation validation (step 1 → 2 of the wizard: every rule of spec §5 and the prices) and
 * with BENCH_DASHBOARD=1 the dashboard, on the reference server with its full demo seed, over loopback only. Prints requests/s and p50/p99
 * latency per endpoint; fails on any error response or connection error, a request unanswered after autocannon's
 * 10 s timeout counting as an error. The embedded database has one connection, so 50 connections queue behind it;
 * run with DATABASE_URL for the production set-up.
 */
import autocannon from 'autocannon';
import { startReferenceServer } from './reference-server';

const PORT = 4620;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

async function signIn(): Promise<string> {
  const login = await fetch(`${ORIGIN}/login`, {
    method: 'POST',
    headers: { ...XHR, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'partner@example.com', password: 'demo1234' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
  const token = await fetch(`${ORIGIN}/oauth/token`, {
    method: 'POST',
    headers: { ...XHR, 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({
      payload: { grant_type: 'monolith_cookie_grant', client_id: '', client_secret: '', scope: '*' },
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/**
 * What the wizard sends to validate a request: the partner's first approved vehicle, the next three open days of the
 * reservation period, a full day from its base finishing where it started, two people, 12 m³.
 */
async function reservationRequest(headers: Record<string, string>): Promise<unknown> {
  const get = async <T>(path: string) => (await (await fetch(`${ORIGIN}/${path}`, { headers })).json()) as T;
  const user = await get<{ id: number }>('v1/user-info');
  const { data: vehicles } = await get<{ data: Array<{ id: number }> }>(
    'ts/public/v1/vehicles?include-place-info=true&status=APPROVED',
  );
  const london = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const place = { lat: 53.4808, lng: -2.2426, town: 'Manchester', postcode: 'M1 1AE' };
  return {
    user_id: user.id,
    vehicle_id: vehicles[0]!.id,
    reservations: [20, 21, 22].map((days) => ({
      date: london(days),
      people: 2,
      capacity: { value: 12, unit: 'm3' },
      nodes: [
        { place, time: 'anytime' },
        { place, time: 'anytime' },
      ],
    })),
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
}

async function hammer(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  if (result.non2xx + result.errors + result.timeouts > 0) {
    console.error(
      `${name}: non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, status codes ${JSON.stringify(result.statusCodeStats)}`,
    );
  }
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const server = await startReferenceServer(PORT, { TOKEN_TTL_S: '3600' });
let failed = false;
try {
  const token = await signIn();
  const headers = { ...XHR, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  // The partner's own default search: a 20-mile radius around the registered address, every category.
  const info = (await (await fetch(`${ORIGIN}/v1/search-info`, { headers })).json()) as {
    data: { default_search: unknown };
  };
  const body = JSON.stringify({ payload: info.data.default_search });
  const validation = JSON.stringify({ payload: await reservationRequest(headers) });
  const rows = [
    await hammer('POST /v1/jobs', { url: `${ORIGIN}/v1/jobs`, method: 'POST', headers, body }),
    await hammer('POST /v1/jobs/tab-counts', { url: `${ORIGIN}/v1/jobs/tab-counts`, method: 'POST', headers, body }),
    await hammer('POST /v1/reservations', {
      url: `${ORIGIN}/v1/reservations`,
      method: 'POST',
      headers,
      body: validation,
    }),
    // beyond issue 3's three: the dashboard's summary, on request (CI keeps to the three for its time budget)
    ...(process.env.BENCH_DASHBOARD === '1'
      ? [await hammer('GET /v1/dashboard', { url: `${ORIGIN}/v1/dashboard`, method: 'GET', headers })]
      : []),
  ];
  const database = process.env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL, pool of 10)'
    : 'PGlite in memory (one connection)';
  console.log(`Load: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, loopback, ${database}, full demo seed`);
  console.log(
    [
      'endpoint'.padEnd(28),
      'req/s'.padStart(7),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'requests'.padStart(9),
      'errors'.padStart(7),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.name.padEnd(28),
        String(r.rps).padStart(7),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.requests).padStart(9),
        String(r.bad).padStart(7),
      ].join(' '),
    );
    if (r.bad > 0 || r.requests === 0) failed = true;
  }
  if (failed) console.error('load test failed: error responses or no requests answered');
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
