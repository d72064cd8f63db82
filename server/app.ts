import { Hono } from 'hono';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import {
  NOT_FOUND,
  NotFoundError,
  SERVER_ERROR,
  UNSUPPORTED_MEDIA_TYPE,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@/server/http/api-errors';
import { adminRoutes } from '@/server/http/admin-routes';
import { alertRoutes } from '@/server/http/alert-routes';
import type { AppEnv } from '@/server/http/app-env';
import { authRoutes } from '@/server/http/auth-routes';
import { limitBody } from '@/server/http/body-limit';
import { documentRoutes } from '@/server/http/document-routes';
import { faultInjection } from '@/server/http/fault-injection';
import { fleetRoutes } from '@/server/http/fleet-routes';
import { journeyRoutes } from '@/server/http/journey-routes';
import { listingRoutes } from '@/server/http/listing-routes';
import { myJourneyRoutes } from '@/server/http/my-journey-routes';
import { partnerRoutes } from '@/server/http/partner-routes';
import { paymentRoutes } from '@/server/http/payment-routes';
import { privateJobRoutes } from '@/server/http/private-job-routes';
import { profileRoutes } from '@/server/http/profile-routes';
import { requireToken } from '@/server/http/require-token';
import { reservationRoutes } from '@/server/http/reservation-routes';
import { searchRoutes } from '@/server/http/search-routes';
import { securityHeaders } from '@/server/http/security-headers';
import { signUpRoutes } from '@/server/http/sign-up-routes';
import { PORTAL_BASE, servePortal } from '@/server/http/static';
import { vehicleRoutes } from '@/server/http/vehicle-routes';
import { workRoutes } from '@/server/http/work-routes';
import { createMailDelivery, type MailDelivery } from '@/server/mail/delivery';

export interface AppDeps {
  readonly db: Db;
  readonly config: Config;
  /** Where unexpected errors go; console.error unless a test wants them. */
  readonly logError?: (error: unknown) => void;
  /** Sends queued mail through SMTP_URL's relay (server/mail/delivery.ts); absent: one made from config. */
  readonly mail?: MailDelivery;
}

/**
 * The whole HTTP surface: the portal under /tpp/, sign-in, and the /v1 API. Testable with `app.request()`; its
 * endpoints are listed by `listRoutes(app)` (http/route-table.ts), which the authorization matrix test walks.
 */
export const createApp = ({ db, config, logError = (error) => console.error(error), mail }: AppDeps) => {
  const app = new Hono<AppEnv>();
  const delivery = mail ?? createMailDelivery({ db, config, log: logError });

  app.use('*', securityHeaders());
  app.use('*', limitBody(config.maxBodyBytes));
  // Mail a request recorded (in its transaction, committed once its handler is done) leaves after it, in the background.
  if (config.smtpUrl)
    app.use('*', async (c, next) => {
      try {
        await next();
      } finally {
        if (c.req.method !== 'GET' && c.req.method !== 'HEAD') delivery.kick();
      }
    });
  // A 20 s delay outlasts the portal's 15 s client timeout.
  if (config.faultInjection) app.use('*', faultInjection({ delayMs: 20_000 }));

  app.get('/', (c) => c.redirect(PORTAL_BASE, 302));
  app.get('/healthz', async (c) => {
    await db.query('select 1');
    return c.json({ ok: true as const });
  });
  app.get('/tpp', (c) => c.redirect(PORTAL_BASE, 301));
  app.get(`${PORTAL_BASE}*`, servePortal(config.distDir));

  app.route('/', authRoutes(db, config));
  // Before the /v1 bearer check: sign-up, verification and password reset are for people without a session.
  app.route('/', signUpRoutes(db, config));
  app.use('/v1/*', requireToken(db, config));
  app.route('/v1', partnerRoutes(db, config));
  app.route('/v1', adminRoutes(db));
  app.route('/v1', searchRoutes(db, config));
  app.route('/v1', listingRoutes(db, config));
  app.route('/v1', alertRoutes(db, config));
  app.route('/v1', reservationRoutes(db, config));
  app.route('/ts/public/v1', vehicleRoutes(db, config));
  app.route('/', journeyRoutes(db, config));
  app.route('/v1', myJourneyRoutes(db, config));
  app.route('/', workRoutes(db, config));
  app.route('/', privateJobRoutes(db, config));
  app.route('/v1', profileRoutes(db, config));
  app.route('/', fleetRoutes(db, config));
  app.route('/v1', documentRoutes(db, config));
  app.route('/', paymentRoutes(db, config));

  app.notFound((c) => c.json(NOT_FOUND, 404));
  app.onError((error, c) => {
    if (error instanceof ValidationError) return c.json({ message: 'messages.validation', errors: error.errors }, 422);
    if (error instanceof NotFoundError) return c.json(NOT_FOUND, 404);
    if (error instanceof UnsupportedMediaTypeError) return c.json(UNSUPPORTED_MEDIA_TYPE, 415);
    logError(error);
    return c.json(SERVER_ERROR, 500);
  });
  return app;
};
