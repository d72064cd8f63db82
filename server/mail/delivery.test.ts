/**
 * Mail that leaves through SMTP (server/mail/delivery.ts): a local relay (smtp-server on 127.0.0.1, port 0) receives
 * the password-reset mail with its recipient, subject and link, after the response; each outcome is recorded on the
 * mail's row; a relay that is unreachable, refuses the mail or never answers records a failure while the request
 * answers exactly as it does without SMTP.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_REQUESTED } from '@/schemas/mail-links';
import { createApp } from '@/server/app';
import type { Config } from '@/server/config';
import { createMailDelivery, INTERRUPTED, mailStartLine, STALE_SENDING_MS } from '@/server/mail/delivery';
import { FLEET_EMAIL } from '@/server/seed/fleet-accounts';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, XHR, type SeededApp } from '@/server/testing/seeded-app';

interface Received {
  readonly envelopeFrom: string;
  readonly envelopeTo: string[];
  readonly user: string | undefined;
  /** The message as it arrived, quoted-printable undone. */
  readonly message: string;
}

/** Undoes quoted-printable (soft line breaks and =XX), enough to read links and headers. */
const unQuote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A relay on 127.0.0.1 that takes user `portal`, password `secret`; `hold` keeps each message's answer until opened. */
const startRelay = async (options: Partial<SMTPServerOptions> = {}, hold?: Promise<void>) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'portal' && auth.password === 'secret') callback(null, { user: 'portal' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          message: unQuote(Buffer.concat(chunks).toString('utf8')),
        });
        void (hold ?? Promise.resolve()).then(() => callback(null, 'Queued as TEST42'));
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
};

/** A port with nothing listening on it (taken, then let go). */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

interface MailRow {
  id: number;
  recipient: string;
  status: string;
  attempted_at: Date | null;
  sent_at: Date | null;
  message_id: string | null;
  smtp_response: string | null;
  error: string | null;
}

let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

let client = 0;
const fromNewClient = () => ({ 'x-test-client': `smtp-${++client}` });

/** An app of the test database whose mail goes to `smtpUrl`; its delivery's log lines land in `logged`. */
const appWithSmtp = (smtpUrl: string | null, overrides: Partial<Config> = {}) => {
  const logged: unknown[] = [];
  const config: Config = { ...t.config, smtpUrl, mailFrom: 'Partner portal <no-reply@partners.test>', ...overrides };
  return { app: createApp({ db: t.db, config, logError: (e) => logged.push(e) }), logged, config };
};

const requestReset = (app: ReturnType<typeof createApp>, email: string, headers: Record<string, string> = {}) =>
  app.request('/v1/password-reset/request', jsonPost({ payload: { email } }, { ...fromNewClient(), ...headers }));

const newestMailTo = async (email: string) =>
  (
    await t.db.query<MailRow>(
      `select id, recipient, status, attempted_at, sent_at, message_id, smtp_response, error
         from outbox_mails where recipient = $1 order by id desc limit 1`,
      [email],
    )
  ).rows[0];

/** Waits until the newest mail to `email` has left the queue (sent or failed). */
const settledMailTo = async (email: string): Promise<MailRow> => {
  let row: MailRow | undefined;
  await vi.waitFor(
    async () => {
      row = await newestMailTo(email);
      expect(row?.status).toMatch(/^(sent|failed)$/);
    },
    { timeout: 15_000, interval: 25 },
  );
  return row!;
};

describe('mail through an SMTP relay', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let release: () => void = () => undefined;
  beforeAll(async () => {
    relay = await startRelay();
  });
  afterAll(async () => {
    release();
    await relay.close();
  });

  it('sends the password-reset mail to the account, with the subject and a working link, and records it as sent', async () => {
    const { app, logged } = appWithSmtp(`smtp://portal:secret@127.0.0.1:${relay.port}`, {
      publicOrigin: 'https://partners.example.com',
    });
    const response = await requestReset(app, 'reset@example.com', { host: 'attacker.example' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: RESET_REQUESTED });

    const row = await settledMailTo('reset@example.com');
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(row.sent_at?.toISOString()).toBe(t.clock.now.toISOString());
    expect(row.smtp_response).toMatch(/^250 .*Queued as TEST42/);

    expect(relay.received).toHaveLength(1);
    const mail = relay.received[0]!;
    expect(mail).toMatchObject({ envelopeFrom: 'no-reply@partners.test', envelopeTo: ['reset@example.com'] });
    expect(mail.user).toBe('portal');
    expect(mail.message).toMatch(/^To: reset@example\.com\r$/m);
    expect(mail.message).toMatch(/^From: Partner portal <no-reply@partners\.test>\r$/m);
    expect(mail.message).toMatch(/^Subject: Reset your password\r$/m);
    expect(mail.message).toContain(`Message-ID: ${row.message_id}`);
    expect(row.message_id).toMatch(new RegExp(`^<${row.id}\\.\\d+@partners\\.test>$`));
    const link = /(\S+)\/tpp\/password-reset\?token=([A-Za-z0-9_-]{43})/.exec(mail.message);
    expect(link?.[1]).toBe('https://partners.example.com');

    // The mailed link resets the password.
    const confirmed = await app.request(
      '/v1/password-reset/confirm',
      jsonPost({ payload: { token: link![2], password: 'newpass2026', password_confirmation: 'newpass2026' } }),
    );
    expect(confirmed.status).toBe(200);
    expect(logged).toEqual([]);
  });

  it('answers before the relay has taken the mail: the request never waits on SMTP', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = await startRelay({}, gate);
    release = open;
    try {
      const { app } = appWithSmtp(`smtp://portal:secret@127.0.0.1:${slow.port}`);
      const response = await requestReset(app, 'partner@example.com');
      expect(response.status).toBe(202);
      // The relay has the message but has not answered it: the mail is still being handed over.
      await vi.waitFor(() => expect(slow.received).toHaveLength(1), { timeout: 10_000, interval: 25 });
      expect((await newestMailTo('partner@example.com'))?.status).toBe('sending');
      open();
      expect(await settledMailTo('partner@example.com')).toMatchObject({ status: 'sent' });
    } finally {
      open();
      await slow.close();
    }
  });

  it('sends a driver invitation too (any request that records a mail)', async () => {
    const { app } = appWithSmtp(`smtp://portal:secret@127.0.0.1:${relay.port}`);
    const { token } = await signIn(app, FLEET_EMAIL);
    const before = relay.received.length;
    const response = await app.request('/ng/api/v3/provider/drivers', {
      method: 'POST',
      headers: { ...XHR, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        payload: { full_name: 'Ana Silva', email: 'ana.silva@example.co.uk', phone: '07700900125' },
      }),
    });
    expect(response.status).toBe(201);
    expect(await settledMailTo('ana.silva@example.co.uk')).toMatchObject({ status: 'sent' });
    expect(relay.received.slice(before).map((m) => m.envelopeTo)).toEqual([['ana.silva@example.co.uk']]);
  });
});

describe('a relay that fails', () => {
  it('unreachable: the request answers as before, the failure is recorded and logged', async () => {
    const { app, logged } = appWithSmtp(`smtp://portal:secret@127.0.0.1:${await closedPort()}`);
    const response = await requestReset(app, 'admin@example.com');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: RESET_REQUESTED });
    const row = await settledMailTo('admin@example.com');
    expect(row).toMatchObject({ status: 'failed', sent_at: null, message_id: null });
    expect(row.error).toMatch(/ECONNREFUSED/);
    expect(row.attempted_at).not.toBeNull();
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toMatch(new RegExp(`^Mail ${row.id} to admin@example\\.com .*not sent: .*ECONNREFUSED`));
    // The password is in no log line.
    expect(String(logged[0])).not.toContain('secret');
  });

  it('refusing the recipient or the password: recorded as failed with the relay’s answer', async () => {
    const refusing = await startRelay({
      onRcptTo(address, _session, callback) {
        if (address.address === 'unverified@example.com') callback(new Error('Mailbox unavailable'));
        else callback();
      },
    });
    try {
      const { app } = appWithSmtp(`smtp://portal:secret@127.0.0.1:${refusing.port}`);
      expect((await requestReset(app, 'unverified@example.com')).status).toBe(202);
      const refused = await settledMailTo('unverified@example.com');
      expect(refused.status).toBe('failed');
      expect(refused.error).toMatch(/Mailbox unavailable/);

      const wrongPassword = appWithSmtp(`smtp://portal:wrong@127.0.0.1:${refusing.port}`);
      expect((await requestReset(wrongPassword.app, 'starter@example.com')).status).toBe(202);
      const unauthorised = await settledMailTo('starter@example.com');
      expect(unauthorised.status).toBe('failed');
      expect(unauthorised.error).toMatch(/Invalid (login|username or password)/i);
      expect(refusing.received).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('silent (accepts the connection, never greets): given up on after the greeting timeout', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const config: Config = { ...t.config, smtpUrl: `smtp://127.0.0.1:${port}` };
      const logged: string[] = [];
      const delivery = createMailDelivery({
        db: t.db,
        config,
        log: (m) => logged.push(m),
        timeoutsMs: { greetingTimeout: 300 },
      });
      const app = createApp({ db: t.db, config, mail: delivery });
      const started = Date.now();
      expect((await requestReset(app, 'profile@example.com')).status).toBe(202);
      const row = await settledMailTo('profile@example.com');
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/greeting/i);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(logged).toHaveLength(1);
      await delivery.stop();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a mail left "sending" by a server that stopped mid-way is marked failed, not sent twice', async () => {
    const relay = await startRelay();
    try {
      const { rows } = await t.db.query<{ id: number }>(
        `insert into outbox_mails (recipient, subject, text_body, html_body, created_at, status, attempted_at)
         values ('left@example.com', 'Reset your password', 'x', '<p>x</p>', $1, 'sending', $1) returning id`,
        [new Date(t.clock.now.getTime() - STALE_SENDING_MS - 1000)],
      );
      const logged: string[] = [];
      const config: Config = { ...t.config, smtpUrl: `smtp://portal:secret@127.0.0.1:${relay.port}` };
      const delivery = createMailDelivery({ db: t.db, config, log: (m) => logged.push(m) });
      delivery.kick();
      await vi.waitFor(async () => expect((await newestMailTo('left@example.com'))?.status).toBe('failed'));
      expect((await newestMailTo('left@example.com'))?.error).toBe(INTERRUPTED);
      expect(logged).toEqual([`Mail ${rows[0]!.id}: ${INTERRUPTED}`]);
      await delivery.stop();
      expect(relay.received).toEqual([]);
    } finally {
      await relay.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox (stored), sends nothing', async () => {
    const { app } = appWithSmtp(null);
    expect((await requestReset(app, 'fleet@example.com')).status).toBe(202);
    expect(await newestMailTo('fleet@example.com')).toMatchObject({ status: 'stored', attempted_at: null });
  });
});

describe('the start-up line on mail', () => {
  const base = { publicOrigin: null, port: 8080, dataDir: '/srv/data/pglite', databaseUrl: null };
  it('names the relay without its password, the From, and the origin of the links', () => {
    expect(
      mailStartLine({
        ...base,
        smtpUrl: 'smtp://portal:secret@smtp.example.com',
        publicOrigin: 'https://p.example.com',
      }),
    ).toBe(
      'Mail: sent through SMTP smtp.example.com:587 from Partner portal <no-reply@partners.example.com>; links in mails on https://p.example.com',
    );
    expect(mailStartLine({ ...base, smtpUrl: 'smtps://relay.example.com:2465', mailFrom: 'ops@example.com' })).toBe(
      'Mail: sent through SMTP relay.example.com:2465 from ops@example.com; links in mails on http://localhost:8080 (PUBLIC_ORIGIN unset)',
    );
  });
  it('says where the outbox keeps mail when there is no relay', () => {
    expect(mailStartLine({ ...base, smtpUrl: null })).toBe(
      'Mail: not sent, kept in the outbox (outbox_mails and /srv/data/pglite-outbox/; set SMTP_URL to send); links in mails on http://localhost:8080 (PUBLIC_ORIGIN unset)',
    );
    expect(mailStartLine({ ...base, smtpUrl: null, dataDir: 'memory' })).toBe(
      'Mail: not sent, kept in the outbox (outbox_mails; set SMTP_URL to send); links in mails on http://localhost:8080 (PUBLIC_ORIGIN unset)',
    );
  });
});
