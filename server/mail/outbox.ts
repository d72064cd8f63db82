import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/db';

/**
 * The server's mail. Each mail is a row of `outbox_mails`, recorded in the transaction of the change that causes it
 * (a mail for a token that was rolled back is never recorded). Then:
 * - without SMTP_URL (the development default) nothing leaves the machine: the mail is 'stored', and when the server
 *   keeps its data in a folder (DATA_DIR, not `memory`) also written as `<DATA_DIR>-outbox/<id>.eml`
 *   (`.data/pglite-outbox/` by default), which any mail client opens. Beside the PGlite folder, never inside it: that
 *   folder is PostgreSQL's own (the uploads folder does the same, server/config.ts). Developers and the browser tests
 *   read them through GET /dev/outbox when DEV_OUTBOX=1 (server/http/sign-up-routes.ts);
 * - with SMTP_URL the mail is 'queued', and server/mail/delivery.ts hands it to the relay after the response and
 *   records the outcome on the row ('sent' or 'failed'). No .eml file: the mail left.
 */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** What became of a mail (migration 0016): see server/mail/delivery.ts. */
export type MailStatus = 'stored' | 'queued' | 'sending' | 'sent' | 'failed';

export interface StoredMail extends Mail {
  readonly id: number;
  /** ISO 8601, UTC. */
  readonly created_at: string;
  readonly status: MailStatus;
  /** When the relay accepted it (ISO 8601), else null. */
  readonly sent_at: string | null;
  /** The Message-ID the mail left with, else null. */
  readonly message_id: string | null;
  /** Why the relay did not take it, else null. */
  readonly error: string | null;
}

export interface OutboxOptions {
  /** The PGlite data folder, or 'memory' (no files). */
  readonly dataDir: string;
  readonly now: () => Date;
  /** True when an SMTP relay is configured: the mail is queued for it (and no .eml file is written). */
  readonly queue?: boolean;
  /** The From of the .eml files; absent: DEFAULT_MAIL_FROM. */
  readonly from?: string;
}

/** The From of every mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Partner portal <no-reply@partners.example.com>';

/** How the routes that send mail record it: the .eml files only with a PGlite data folder, queued when SMTP is set. */
export const outboxOptionsOf = (
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'now' | 'smtpUrl' | 'mailFrom'>,
): OutboxOptions => ({
  dataDir: config.databaseUrl ? 'memory' : config.dataDir,
  now: config.now,
  queue: Boolean(config.smtpUrl),
  from: config.mailFrom ?? DEFAULT_MAIL_FROM,
});

/** Where the .eml files go: beside the data folder. */
export const outboxFolder = (dataDir: string): string => `${dataDir.replace(/[\\/]+$/, '')}-outbox`;

/**
 * Records the mail in `db` (pass the transaction of the change it tells about); returns its id. Queued for the SMTP
 * relay when `options.queue` (sent after the response, server/mail/delivery.ts), else stored, with its .eml file
 * when there is a data folder.
 */
export const sendMail = async (db: Db, options: OutboxOptions, mail: Mail): Promise<number> => {
  const createdAt = options.now();
  const { rows } = await db.query<{ id: number }>(
    `insert into outbox_mails (recipient, subject, text_body, html_body, created_at, status)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [mail.to, mail.subject, mail.text, mail.html, createdAt, options.queue ? 'queued' : 'stored'],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('outbox insert returned no id');
  if (!options.queue && options.dataDir !== 'memory') {
    const folder = outboxFolder(options.dataDir);
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, `${String(id).padStart(6, '0')}.eml`),
      toEml(mail, id, createdAt, options.from),
      'utf8',
    );
  }
  return id;
};

interface MailRow {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  status: MailStatus;
  sent_at: Date | null;
  message_id: string | null;
  error: string | null;
}

const toStored = (row: MailRow): StoredMail => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  created_at: new Date(row.created_at).toISOString(),
  status: row.status,
  sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  message_id: row.message_id,
  error: row.error,
});

/** The newest mails first, optionally only those to one address (case-insensitive). */
export const listMails = async (db: Db, filter: { to?: string; limit: number }): Promise<StoredMail[]> => {
  const { rows } = filter.to
    ? await db.query<MailRow>(
        'select * from outbox_mails where lower(recipient) = lower($1) order by id desc limit $2',
        [filter.to, filter.limit],
      )
    : await db.query<MailRow>('select * from outbox_mails order by id desc limit $1', [filter.limit]);
  return rows.map(toStored);
};

export const findMail = async (db: Db, id: number): Promise<StoredMail | null> => {
  const { rows } = await db.query<MailRow>('select * from outbox_mails where id = $1', [id]);
  return rows[0] ? toStored(rows[0]) : null;
};

/** The Message-ID of mail `id`: unique per mail, on the domain of the From address. */
export const messageIdOf = (id: number, date: Date, from: string = DEFAULT_MAIL_FROM): string =>
  `<${id}.${date.getTime()}@${/@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'partners.example.com'}>`;

/** A MIME message with a text and an HTML part (RFC 5322 / 2046), UTF-8, base64 bodies. */
export const toEml = (mail: Mail, id: number, date: Date, from: string = DEFAULT_MAIL_FROM): string => {
  const boundary = `tpp-${id}-${date.getTime()}`;
  const encodeHeader = (value: string) =>
    /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
  const base64 = (body: string) =>
    Buffer.from(body, 'utf8')
      .toString('base64')
      .replace(/.{1,76}/g, '$&\r\n');
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${messageIdOf(id, date, from)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
};
