import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@/server/db/db';

/**
 * The server's mail: nothing leaves the machine. Each mail is stored in `outbox_mails` (read by developers and the
 * browser tests through GET /dev/outbox, server/http/sign-up-routes.ts) and, when the server keeps its data in a
 * folder (DATA_DIR, not `memory`), also written as `<DATA_DIR>-outbox/<id>.eml` (`.data/pglite-outbox/` by default),
 * which any mail client opens. Beside the PGlite folder, never inside it: that folder is PostgreSQL's own (the
 * uploads folder does the same, server/config.ts).
 * A real deployment would hand the same message to an SMTP relay here.
 */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface StoredMail extends Mail {
  readonly id: number;
  /** ISO 8601, UTC. */
  readonly created_at: string;
}

export interface OutboxOptions {
  /** The PGlite data folder, or 'memory' (no files). */
  readonly dataDir: string;
  readonly now: () => Date;
}

/** Where the .eml files go: beside the data folder. */
export const outboxFolder = (dataDir: string): string => `${dataDir.replace(/[\\/]+$/, '')}-outbox`;

/** Stores the mail (and its .eml file when there is a data folder); returns its id. */
export const sendMail = async (db: Db, options: OutboxOptions, mail: Mail): Promise<number> => {
  const createdAt = options.now();
  const { rows } = await db.query<{ id: number }>(
    `insert into outbox_mails (recipient, subject, text_body, html_body, created_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [mail.to, mail.subject, mail.text, mail.html, createdAt],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('outbox insert returned no id');
  if (options.dataDir !== 'memory') {
    const folder = outboxFolder(options.dataDir);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${String(id).padStart(6, '0')}.eml`), toEml(mail, id, createdAt), 'utf8');
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
}

const toStored = (row: MailRow): StoredMail => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  created_at: new Date(row.created_at).toISOString(),
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

/** A MIME message with a text and an HTML part (RFC 5322 / 2046), UTF-8, base64 bodies. */
export const toEml = (mail: Mail, id: number, date: Date): string => {
  const boundary = `tpp-${id}-${date.getTime()}`;
  const encodeHeader = (value: string) =>
    /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
  const base64 = (body: string) =>
    Buffer.from(body, 'utf8')
      .toString('base64')
      .replace(/.{1,76}/g, '$&\r\n');
  return [
    'From: Partner portal <no-reply@partners.example.com>',
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${id}.${date.getTime()}@partners.example.com>`,
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
