import type { Config } from '@/server/config';
import { PORTAL_BASE } from '@/server/http/static';

/**
 * The origin of every link the server writes (mails, the calendar's subscription address and its events' links and
 * UIDs): PUBLIC_ORIGIN, else the address the server listens on (`http://localhost:<PORT>`,
 * right for a developer's machine). Never a request header (Host, X-Forwarded-Host, Origin): whoever sends the request
 * picks those, and a password-reset link on their host would hand them the token the moment it is opened.
 */
export const linkOrigin = (config: Pick<Config, 'publicOrigin' | 'port'>): string =>
  config.publicOrigin ?? `http://localhost:${config.port}`;

/** An absolute link to a portal page with the token of a mail, e.g. `https://…/tpp/password-reset?token=…`. */
export const mailLink = (config: Pick<Config, 'publicOrigin' | 'port'>, page: string, token: string): string =>
  `${linkOrigin(config)}${PORTAL_BASE}${page}?token=${encodeURIComponent(token)}`;
