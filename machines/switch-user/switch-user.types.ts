import type { AdminPartner } from '@/schemas/admin';

export interface SwitchUserContext {
  /** What the admin typed: a partner's name or e-mail, or part of one. */
  query: string;
  /** The partners matching the query, at most 20. */
  partners: readonly AdminPartner[];
  /** How many partners match in all. */
  total: number;
  /** The last search failed for want of a connection ('offline') or on the server ('server'). */
  failure: 'offline' | 'server' | null;
}

export type SwitchUserEvent = { type: 'switchUser.query.changed'; query: string } | { type: 'switchUser.retried' };
