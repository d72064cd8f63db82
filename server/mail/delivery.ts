import { createTransport } from 'nodemailer';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';
import { linkOrigin } from '@/server/mail/links';
import { DEFAULT_MAIL_FROM, messageIdOf, outboxFolder } from '@/server/mail/outbox';

/**
 * Mail that leaves: with SMTP_URL set, every mail queued in `outbox_mails` (server/mail/outbox.ts) is handed to the
 * relay after the response of the request that recorded it, and the outcome goes on its row: 'sent' with sent_at,
 * the Message-ID and the relay's answer, or 'failed' with the error, which is also logged.
 *
 * Why after the response, not inside the request with a timeout: the mail is recorded in the request's transaction (a
 * reset token and its mail commit together, or neither does), so it can only be sent once that has committed; and a
 * slow or unreachable relay then costs the person nothing, and tells an onlooker nothing (a password-reset request
 * answers the same 202 at the same speed whether or not a mail went out). The app kicks the delivery once the handler of
 * any state-changing request is done (server/app.ts); the delivery claims queued rows one at a time
 * (`for update skip locked`, so two server processes never send the same mail) and sends them in order. The relay gets
 * SMTP_TIMEOUTS_MS to connect, greet and answer, so a stalled one is given up on within seconds, not nodemailer's
 * default minutes.
 *
 * A mail left 'sending' by a process that stopped in the middle (longer than STALE_SENDING_MS ago) is marked failed:
 * it may or may not have left, and sending it again could send it twice.
 *
 * Without SMTP_URL nothing leaves (mails are 'stored', the development default) and the delivery does nothing.
 */
export interface MailDelivery {
  /** Sends every queued mail, in the background: returns at once, never throws. Calls while it sends add one more pass. */
  kick(): void;
  /** Ends the delivery: no new sends; resolves once the mail being handed over is done (at most `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** What the relay may take (milliseconds): to connect, to greet, and between two of its answers. */
export const SMTP_TIMEOUTS_MS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

export interface SmtpTimeouts {
  readonly connectionTimeout: number;
  readonly greetingTimeout: number;
  readonly socketTimeout: number;
}

/** Longer than any handover can take with SMTP_TIMEOUTS_MS: a mail 'sending' for longer was cut off. */
export const STALE_SENDING_MS = 10 * 60 * 1000;

export const INTERRUPTED =
  'The server stopped while handing this mail to the SMTP relay: it may or may not have been sent.';

/** An error message as it is recorded: one line, at most 1000 characters. */
const describeError = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 1000) ||
  'unknown error';

interface QueuedRow {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
}

export interface MailDeliveryDeps {
  readonly db: Db;
  readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'now'>;
  /** Where a mail that was not sent is reported (with its id, recipient and the relay's error). */
  readonly log: (message: string) => void;
  /** Shorter waits for the relay than SMTP_TIMEOUTS_MS (the tests' silent relay). */
  readonly timeoutsMs?: Partial<SmtpTimeouts>;
}

/** The delivery of the configured relay; a no-op without SMTP_URL. */
export const createMailDelivery = ({ db, config, log, timeoutsMs }: MailDeliveryDeps): MailDelivery => {
  if (!config.smtpUrl) return { kick: () => undefined, stop: async () => undefined };
  const transport = createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS_MS, ...timeoutsMs });
  const from = config.mailFrom ?? DEFAULT_MAIL_FROM;

  /** The oldest queued mail, now 'sending'; null when none waits. */
  const claim = async (): Promise<QueuedRow | null> => {
    const { rows } = await db.query<QueuedRow>(
      `update outbox_mails set status = 'sending', attempted_at = $1
        where id = (select id from outbox_mails where status = 'queued' order by id limit 1 for update skip locked)
        returning id, recipient, subject, text_body, html_body, created_at`,
      [config.now()],
    );
    return rows[0] ?? null;
  };

  let staleCheckedAt = Number.NEGATIVE_INFINITY;
  /** At most once a minute (the delivery runs after every state-changing request). */
  const failStale = async () => {
    if (performance.now() - staleCheckedAt < 60_000) return;
    staleCheckedAt = performance.now();
    const { rows } = await db.query<{ id: number }>(
      `update outbox_mails set status = 'failed', error = $2
        where status = 'sending' and attempted_at < $1 returning id`,
      [new Date(config.now().getTime() - STALE_SENDING_MS), INTERRUPTED],
    );
    for (const { id } of rows) log(`Mail ${id}: ${INTERRUPTED}`);
  };

  const deliver = async (mail: QueuedRow) => {
    const createdAt = new Date(mail.created_at);
    try {
      const info = await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        date: createdAt,
        messageId: messageIdOf(mail.id, createdAt, from),
      });
      await db.query(
        `update outbox_mails set status = 'sent', sent_at = $2, message_id = $3, smtp_response = $4, error = null
          where id = $1`,
        [
          mail.id,
          config.now(),
          info.messageId,
          typeof info.response === 'string' ? info.response.slice(0, 1000) : null,
        ],
      );
    } catch (error) {
      const message = describeError(error);
      await db.query(`update outbox_mails set status = 'failed', error = $2 where id = $1`, [mail.id, message]);
      log(`Mail ${mail.id} to ${mail.recipient} ("${mail.subject}") was not sent: ${message}`);
    }
  };

  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;

  const drain = async () => {
    await failStale();
    for (let mail = await claim(); mail; mail = stopped ? null : await claim()) await deliver(mail);
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again && !stopped);
    })()
      .catch((error: unknown) => log(`Mail delivery: ${describeError(error)}`))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  };

  return {
    kick,
    stop: async (graceMs = 5_000) => {
      stopped = true;
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      transport.close();
    },
  };
};

/** The start-up line on mail: where it goes, and the origin of its links. */
export const mailStartLine = (
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicOrigin' | 'port' | 'dataDir' | 'databaseUrl'>,
): string => {
  const links = `links in mails on ${linkOrigin(config)}${config.publicOrigin ? '' : ' (PUBLIC_ORIGIN unset)'}`;
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
    return `Mail: sent through SMTP ${url.hostname}:${port} from ${config.mailFrom ?? DEFAULT_MAIL_FROM}; ${links}`;
  }
  const files = config.databaseUrl || config.dataDir === 'memory' ? '' : ` and ${outboxFolder(config.dataDir)}/`;
  return `Mail: not sent, kept in the outbox (outbox_mails${files}; set SMTP_URL to send); ${links}`;
};
