import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/db';
import { migrate } from '@/server/db/migrate';
import { ValidationError } from '@/server/http/api-errors';
import type { AppEnv } from '@/server/http/app-env';
import {
  ABANDONED_AFTER_S,
  idempotency,
  IDEMPOTENCY_KEY_TTL_S,
  KEY_IN_PROGRESS,
  REPLAYED_HEADER,
  requestFingerprint,
} from '@/server/http/idempotency';
import { openTestDb } from '@/server/testing/test-db';
import { SETUP_TIMEOUT_MS, TEST_NOW } from '@/server/testing/seeded-app';

let db: Db;
let now = TEST_NOW;
const users = { ann: 0, bob: 0 };

/** What the handler does on its next call; `calls` counts how often it really ran. */
let behaviour: 'created' | 'unavailable' | 'throws' | 'refused' = 'created';
let calls = 0;
let gate: Promise<void> | null = null;
let entered: () => void = () => {};

const app = new Hono<AppEnv>();
app.use('*', async (c, next) => {
  c.set('signedIn', { userId: Number(c.req.header('x-user')), sessionId: 'test', impersonatorId: null });
  await next();
});
app.post(
  '/things/:id',
  (c, next) => idempotency(db, { now: () => now })(c, next),
  async (c) => {
    calls += 1;
    entered();
    if (gate) await gate;
    const body: unknown = await c.req.json();
    switch (behaviour) {
      case 'unavailable':
        return c.json({ message: 'try later' }, 503);
      case 'throws':
        throw new Error('boom');
      case 'refused':
        return c.json({ message: 'no', code: 'taken' }, 409);
      case 'created':
        return c.json({ data: { call: calls, id: c.req.param('id'), body } }, 201);
    }
  },
);
app.onError((error, c) =>
  error instanceof ValidationError
    ? c.json({ message: 'messages.validation', errors: error.errors }, 422)
    : c.json({ message: 'Sorry, something went wrong' }, 500),
);

const post = (path: string, body: string, who: keyof typeof users, key?: string) =>
  app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-user': String(users[who]),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body,
  });

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  for (const who of ['ann', 'bob'] as const) {
    const { rows } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, full_name, role, account_type, chameleon_uuid)
       values ($1, 'x', $2, 'transport_partner', 'individual', $3) returning id`,
      [`${who}@example.com`, who, randomUUID()],
    );
    users[who] = rows[0]!.id;
  }
}, SETUP_TIMEOUT_MS);
afterAll(() => db.close());
beforeEach(() => {
  behaviour = 'created';
  calls = 0;
  gate = null;
  now = TEST_NOW;
});

describe('requestFingerprint', () => {
  it('reads JSON as a value: key order and whitespace do not matter, values and arrays do', () => {
    const base = requestFingerprint('{"payload":{"amount":100,"note":{"a":1,"b":[1,2]}}}');
    expect(requestFingerprint(' { "payload" : { "note": {"b":[1,2],"a":1}, "amount": 100 } } ')).toBe(base);
    expect(requestFingerprint('{"payload":{"amount":101,"note":{"a":1,"b":[1,2]}}}')).not.toBe(base);
    expect(requestFingerprint('{"payload":{"amount":100,"note":{"a":1,"b":[2,1]}}}')).not.toBe(base);
    expect(requestFingerprint('')).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('not json')).not.toBe(requestFingerprint('not json '));
  });

  it('hashes a body nested past the read limit as text, without recursing', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(requestFingerprint(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the idempotency middleware', () => {
  it('runs every request without a key', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/things/1', '{"a":1}', 'ann')).status).toBe(201);
    expect(calls).toBe(2);
  });

  it('answers a repeat with the first answer, status and body, without running the handler', async () => {
    const key = randomUUID();
    const first = await post('/things/1', '{"a":1,"b":2}', 'ann', key);
    const second = await post('/things/1', '{ "b": 2, "a": 1 }', 'ann', key.toUpperCase());
    expect(calls).toBe(1);
    expect(second.status).toBe(first.status);
    expect(await second.text()).toBe(await first.text());
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('stores refusals too', async () => {
    behaviour = 'refused';
    const key = randomUUID();
    const first = await post('/things/1', '{}', 'ann', key);
    behaviour = 'created';
    const second = await post('/things/1', '{}', 'ann', key);
    expect([first.status, second.status]).toEqual([409, 409]);
    expect(await second.json()).toEqual({ message: 'no', code: 'taken' });
    expect(calls).toBe(1);
  });

  it('refuses the key with another body or another path, with 422 on Idempotency-Key', async () => {
    const key = randomUUID();
    await post('/things/1', '{"a":1}', 'ann', key);
    for (const [path, body] of [
      ['/things/1', '{"a":2}'],
      ['/things/2', '{"a":1}'],
    ] as const) {
      const response = await post(path, body, 'ann', key);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: 'messages.validation',
        errors: {
          'Idempotency-Key': ['This Idempotency-Key was already used for a different request. Send a new key.'],
        },
      });
    }
    expect(calls).toBe(1);
  });

  it('keeps each partner’s keys apart', async () => {
    const key = randomUUID();
    await post('/things/1', '{"a":1}', 'ann', key);
    const bob = await post('/things/1', '{"a":2}', 'bob', key);
    expect(bob.status).toBe(201);
    expect(calls).toBe(2);
  });

  it('answers 409 while the first request with the key is still running, then the first answer', async () => {
    const key = randomUUID();
    let open: () => void = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const started = new Promise<void>((resolve) => (entered = resolve));
    const first = post('/things/1', '{"a":1}', 'ann', key);
    await started;
    const during = await post('/things/1', '{"a":1}', 'ann', key);
    expect(during.status).toBe(409);
    expect(await during.json()).toEqual(KEY_IN_PROGRESS);
    open();
    expect((await first).status).toBe(201);
    const after = await post('/things/1', '{"a":1}', 'ann', key);
    expect(after.status).toBe(201);
    expect(after.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(calls).toBe(1);
  });

  it('releases the key after a 5xx answer or a thrown error, so a retry runs', async () => {
    for (const failure of ['unavailable', 'throws'] as const) {
      calls = 0;
      const key = randomUUID();
      behaviour = failure;
      expect((await post('/things/1', '{"a":1}', 'ann', key)).status).toBeGreaterThanOrEqual(500);
      behaviour = 'created';
      const retry = await post('/things/1', '{"a":1}', 'ann', key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
      expect(calls).toBe(2);
    }
  });

  it('lets a key be used again after 24 hours', async () => {
    const key = randomUUID();
    await post('/things/1', '{"a":1}', 'ann', key);
    now = new Date(TEST_NOW.getTime() + (IDEMPOTENCY_KEY_TTL_S - 1) * 1000);
    expect((await post('/things/1', '{"a":2}', 'ann', key)).status).toBe(422);
    now = new Date(TEST_NOW.getTime() + IDEMPOTENCY_KEY_TTL_S * 1000);
    const reused = await post('/things/1', '{"a":2}', 'ann', key);
    expect(reused.status).toBe(201);
    expect(calls).toBe(2);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from idempotency_keys where user_id = $1 and idempotency_key = $2',
      [users.ann, key],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('takes over a key whose first request never answered (its process died)', async () => {
    const key = randomUUID();
    const claim = async (ageS: number) => {
      await db.query('delete from idempotency_keys where user_id = $1 and idempotency_key = $2', [users.ann, key]);
      await db.query(
        `insert into idempotency_keys (user_id, idempotency_key, route, request_sha256, created_at)
         values ($1, $2, 'POST /things/1', $3, $4)`,
        [users.ann, key, requestFingerprint('{"a":1}'), new Date(now.getTime() - ageS * 1000)],
      );
    };
    await claim(ABANDONED_AFTER_S - 10);
    expect((await post('/things/1', '{"a":1}', 'ann', key)).status).toBe(409);
    await claim(ABANDONED_AFTER_S);
    expect((await post('/things/1', '{"a":1}', 'ann', key)).status).toBe(201);
    expect(calls).toBe(1);
  });

  it('refuses a key that is not a UUID, without running the handler', async () => {
    for (const key of ['', 'abc', `${randomUUID()}x`, '00000000-0000-0000-0000-00000000000g']) {
      const response = await post('/things/1', '{"a":1}', 'ann', key);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: 'messages.validation',
        errors: { 'Idempotency-Key': ['The Idempotency-Key header must be a UUID.'] },
      });
    }
    expect(calls).toBe(0);
  });
});
