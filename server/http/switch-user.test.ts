import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPartnersResponse, ImpersonatedActionsResponse } from '@/schemas/admin';
import type { User } from '@/schemas/user';
import {
  createSeededApp,
  getWithToken,
  jsonPost,
  requestToken,
  SETUP_TIMEOUT_MS,
  signIn,
  TOKEN_REQUEST,
  XHR,
  type SeededApp,
} from '@/server/testing/seeded-app';

/** Switch user (spec §6, §7 mock_user_grant; issue 8): an admin acts as a partner, recorded, and comes back. */
let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

const idOf = async (email: string) =>
  (await t.db.query<{ id: number }>('select id from users where email = $1', [email])).rows[0]!.id;

const mockUser = (cookie: string, userId?: number) =>
  t.app.request(
    '/oauth/token',
    jsonPost({ payload: { ...TOKEN_REQUEST.payload, grant_type: 'mock_user_grant', user_id: userId } }, { cookie }),
  );

const userInfo = async (token: string) => (await (await getWithToken(t.app, '/v1/user-info', token)).json()) as User;

const clear = (cookie: string) =>
  t.app.request('/oauth/mock-user/clear', { method: 'POST', headers: { ...XHR, cookie } });

describe('switch user', () => {
  it('lets an admin act as a partner: user-info is the partner with the admin as impersonator', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const partnerId = await idOf('starter@example.com');
    const response = await mockUser(admin.cookie, partnerId);
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    const user = await userInfo(access_token);
    expect(user.email).toBe('starter@example.com');
    expect(user.impersonator_id).toBe(await idOf('admin@example.com'));

    // a re-login with the cookie grant (the portal's 401 handling) keeps acting as the partner
    const renewed = (await (await requestToken(t.app, admin.cookie)).json()) as { access_token: string };
    expect((await userInfo(renewed.access_token)).email).toBe('starter@example.com');

    // the partner's data is the partner's: their vehicles, not the admin's none
    const vehicles = await getWithToken(t.app, '/ts/public/v1/vehicles', access_token);
    expect(((await vehicles.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('records every call made as the partner, with the admin, and lists it to admins only', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const partnerId = await idOf('expiring@example.com');
    const { access_token } = (await (await mockUser(admin.cookie, partnerId)).json()) as { access_token: string };
    const created = await t.app.request('/v1/saved-searches', {
      ...jsonPost(
        {
          payload: {
            name: 'Acting as the partner',
            criteria: {
              type: 'instant',
              pickup: { location: { name: 'Cardiff', lat: 51.48, lon: -3.18 }, radius: { value: 10, unit: 'mi' } },
              categories: ['piano'],
            },
          },
        },
        { authorization: `Bearer ${access_token}` },
      ),
    });
    expect(created.status).toBeLessThan(300);

    const { token: adminToken } = await signIn(t.app, 'admin@example.com');
    const log = await getWithToken(t.app, `/v1/admin/impersonated-actions?user_id=${partnerId}`, adminToken);
    expect(log.status).toBe(200);
    const { data } = (await log.json()) as ImpersonatedActionsResponse;
    expect(data[0]).toMatchObject({
      impersonator_id: await idOf('admin@example.com'),
      user_id: partnerId,
      method: 'POST',
      path: '/v1/saved-searches',
      status: created.status,
    });

    // the partner's own calls are not recorded as the admin's
    const own = await signIn(t.app, 'expiring@example.com');
    await getWithToken(t.app, '/v1/badge-counters', own.token);
    const after = (await (
      await getWithToken(t.app, `/v1/admin/impersonated-actions?user_id=${partnerId}`, adminToken)
    ).json()) as ImpersonatedActionsResponse;
    expect(after.data.some((a) => a.path === '/v1/badge-counters')).toBe(false);

    // and only admins read the log
    expect((await getWithToken(t.app, `/v1/admin/impersonated-actions?user_id=${partnerId}`, own.token)).status).toBe(
      403,
    );
  });

  it('clears the mocked session: the partner tokens end and the cookie grant gives the admin back', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const { access_token } = (await (await mockUser(admin.cookie, await idOf('starter@example.com'))).json()) as {
      access_token: string;
    };
    expect((await clear(admin.cookie)).status).toBe(200);
    expect((await getWithToken(t.app, '/v1/user-info', access_token)).status).toBe(401);
    const back = (await (await requestToken(t.app, admin.cookie)).json()) as { access_token: string };
    const user = await userInfo(back.access_token);
    expect(user.email).toBe('admin@example.com');
    expect(user.impersonator_id).toBeNull();
  });

  it('refuses partners, other admins, unknown users and a missing user id', async () => {
    const partner = await signIn(t.app, 'partner@example.com');
    expect((await mockUser(partner.cookie, await idOf('starter@example.com'))).status).toBe(403);
    const admin = await signIn(t.app, 'admin@example.com');
    expect((await mockUser(admin.cookie, await idOf('admin@example.com'))).status).toBe(404);
    expect((await mockUser(admin.cookie, 999_999)).status).toBe(404);
    const missing = await mockUser(admin.cookie);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      message: 'messages.validation',
      errors: { user_id: ['Choose the partner to sign in as.'] },
    });
    // a partner acting as nobody keeps acting as themselves
    const own = (await (await requestToken(t.app, partner.cookie)).json()) as { access_token: string };
    expect((await userInfo(own.access_token)).impersonator_id).toBeNull();
  });

  it('lists partners for the admin to pick, by name or e-mail, to admins only', async () => {
    const { token } = await signIn(t.app, 'admin@example.com');
    const found = (await (
      await getWithToken(t.app, '/v1/admin/partners?q=carter', token)
    ).json()) as AdminPartnersResponse;
    expect(found.data.map((p) => p.email)).toContain('partner@example.com');
    expect(found.data.every((p) => p.email !== 'admin@example.com')).toBe(true);
    const byMail = (await (
      await getWithToken(t.app, '/v1/admin/partners?q=starter@', token)
    ).json()) as AdminPartnersResponse;
    expect(byMail.data.map((p) => p.email)).toEqual(['starter@example.com']);
    // a % typed is a percent sign, not "anything"
    const literal = (await (
      await getWithToken(t.app, '/v1/admin/partners?q=%25', token)
    ).json()) as AdminPartnersResponse;
    expect(literal.meta.total).toBe(0);
    const partner = await signIn(t.app, 'partner@example.com');
    expect((await getWithToken(t.app, '/v1/admin/partners', partner.token)).status).toBe(403);
  });

  it('refuses a cross-origin clear and a clear without a session', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const crossOrigin = await t.app.request('/oauth/mock-user/clear', {
      method: 'POST',
      headers: { ...XHR, cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(crossOrigin.status).toBe(403);
    expect((await t.app.request('/oauth/mock-user/clear', { method: 'POST', headers: XHR })).status).toBe(401);
  });
});
