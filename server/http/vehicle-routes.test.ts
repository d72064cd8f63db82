import { Schema } from 'effect';
import { beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_COLOURS, VehiclesResponse } from '@/schemas/vehicle';
import { createSeededApp, SETUP_TIMEOUT_MS, signIn, type SeededApp } from '@/server/testing/seeded-app';

let t: SeededApp;
const token = {} as Record<'partner' | 'starter' | 'admin', string>;

beforeAll(async () => {
  t = await createSeededApp();
  for (const who of ['partner', 'starter', 'admin'] as const)
    token[who] = (await signIn(t.app, `${who}@example.com`)).token;
}, SETUP_TIMEOUT_MS);

const PATH = '/ts/public/v1/vehicles';
const list = async (query: string, who: keyof typeof token = 'partner') => {
  const response = await t.app.request(`${PATH}${query}`, { headers: { authorization: `Bearer ${token[who]}` } });
  expect(response.status).toBe(200);
  return Schema.decodeUnknownSync(VehiclesResponse)(await response.json()).data;
};

describe('GET /ts/public/v1/vehicles', () => {
  it("lists the caller's approved vehicles with their base place (spec §7 query)", async () => {
    const vans = await list('?include-place-info=true&status=APPROVED');
    expect(vans.map((v) => v.type)).toEqual(['swb', 'mwb', 'lwb', 'xlwb', 'luton_van']);
    const first = vans[0]!;
    expect(first.place).toMatchObject({ town: 'Manchester', nuts1: { code: 'UKD', short_name: 'N.West' } });
    expect(first.short_postcode).toBe(first.place?.shortPostalCode);
    expect(first.placeId).toBe(first.place?.id);
    expect(first.color).toBe(VEHICLE_COLOURS[first.id % 7]);
    expect(first.registration).toBe(first.registration_number);
    expect(first.capacity).toEqual({
      value: first.loading_capacity_m3,
      unit: 'm3',
      formatted: `${first.loading_capacity_m3} m³`,
    });
    const { rows } = await t.db.query<{ user_id: number }>('select user_id from vehicles where id = $1', [first.id]);
    expect(first.userId).toBe(rows[0]?.user_id);
  });

  it('leaves the place out unless asked, filters by status and never lists deleted vehicles', async () => {
    expect((await list('')).every((v) => v.place === null && v.placeId !== null)).toBe(true);
    expect(await list('?status=PENDING')).toEqual([]);
    const [gone] = await list('');
    await t.db.query('update vehicles set deleted_at = now() where id = $1', [gone!.id]);
    expect((await list('')).map((v) => v.id)).not.toContain(gone!.id);
    await t.db.query('update vehicles set deleted_at = null where id = $1', [gone!.id]);
  });

  it('shows each caller only their own vehicles', async () => {
    const partner = (await list('')).map((v) => v.id);
    const starter = await list('?include-place-info=true&status=APPROVED', 'starter');
    expect(starter.map((v) => v.type)).toEqual(['lwb']);
    expect(partner).not.toContain(starter[0]!.id);
    expect(await list('', 'admin')).toEqual([]);
  });

  it('answers a bad query with 422 and an anonymous call with 401, with the security headers', async () => {
    const bad = await t.app.request(`${PATH}?status=LOST`, { headers: { authorization: `Bearer ${token.partner}` } });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors)).toEqual(['status']);
    const anonymous = await t.app.request(PATH);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    expect(anonymous.headers.get('x-content-type-options')).toBe('nosniff');
    expect(t.errors).toEqual([]);
  });
});
