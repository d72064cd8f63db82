import { Hono } from 'hono';
import { AdminPartnersQuery, ImpersonatedActionsQuery, type AdminPartnersResponse } from '@/schemas/admin';
import type { Db } from '@/server/db/db';
import { requireAdmin } from '@/server/http/alert-routes';
import type { AppEnv } from '@/server/http/app-env';
import { readQuery } from '@/server/http/read-query';

const PAGE = 20;

/** `%` and `_` typed by the admin are searched for as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The admin's switch user (schemas/admin.ts), mounted under /v1 behind requireToken: the partners an admin may act
 * as, and the log of what admins did while acting as a partner (server/http/require-token.ts records it).
 */
export const adminRoutes = (db: Db) => {
  const routes = new Hono<AppEnv>();
  const admin = requireAdmin(db);

  routes.get('/admin/partners', admin, async (c) => {
    const { q } = readQuery(c, AdminPartnersQuery, 'AdminPartnersQuery');
    const where = `role = 'transport_partner' and (full_name ilike $1 or email ilike $1)`;
    const pattern = likePattern(q.trim());
    const [rows, total] = await Promise.all([
      db.query<AdminPartnersResponse['data'][number]>(
        `select id, full_name, email, account_type, address_town as town from users
          where ${where} order by full_name, id limit ${PAGE}`,
        [pattern],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from users where ${where}`, [pattern]),
    ]);
    return c.json({ data: rows.rows, meta: { total: total.rows[0]?.n ?? 0 } });
  });

  routes.get('/admin/impersonated-actions', admin, async (c) => {
    const { user_id } = readQuery(c, ImpersonatedActionsQuery, 'ImpersonatedActionsQuery');
    const { rows } = await db.query<{
      impersonator_id: number;
      user_id: number;
      method: string;
      path: string;
      status: number;
      at: Date;
    }>(
      `select impersonator_id, user_id, method, path, status, at from impersonated_actions
        where user_id = $1 order by at desc, id desc limit 100`,
      [user_id],
    );
    return c.json({ data: rows.map((r) => ({ ...r, at: r.at.toISOString() })) });
  });

  return routes;
};
