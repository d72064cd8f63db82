/**
 * The development doors (the mail outbox, fault injection, the new-work poster) are shut unless switched on by name,
 * and the outbox cannot be switched on in production: GET /dev/outbox hands out every mail's links, password resets
 * included, to whoever asks. Also the checks of SMTP_URL and MAIL_FROM (server/config.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { developmentDoors, readConfig } from '@/server/config';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, type SeededApp } from '@/server/testing/seeded-app';

let t: SeededApp;
beforeAll(async () => {
  t = await createSeededApp();
}, SETUP_TIMEOUT_MS);

describe('a default start', () => {
  it('opens no development door', () => {
    const config = readConfig({});
    expect(config.devOutbox).toBe(false);
    expect(config.faultInjection).toBe(false);
    expect(config.newWorkEveryS).toBeNull();
    expect(developmentDoors(config)).toEqual([]);
    // NODE_ENV other than production no longer opens the outbox by itself
    expect(readConfig({ NODE_ENV: 'development' }).devOutbox).toBe(false);
    expect(readConfig({ NODE_ENV: 'test' }).devOutbox).toBe(false);
  });

  it('serves no outbox: the app built from the default config answers 404 on /dev/outbox', async () => {
    // DATA_DIR=memory only so that building the app makes no uploads folder in the repo; the doors are the default's.
    const config = { ...readConfig({ DATA_DIR: 'memory' }), now: t.config.now };
    expect(developmentDoors(config)).toEqual([]);
    const app = createApp({ db: t.db, config });
    // a reset mail exists, and still the outbox is not there to show it
    const reset = await app.request(
      '/v1/password-reset/request',
      jsonPost({ payload: { email: 'reset@example.com' } }),
    );
    expect(reset.status).toBe(202);
    expect(
      (await t.db.query('select 1 from outbox_mails where recipient = $1', ['reset@example.com'])).rows,
    ).toHaveLength(1);
    for (const path of ['/dev/outbox', '/dev/outbox?to=reset@example.com', '/dev/outbox/1']) {
      expect((await app.request(path)).status).toBe(404);
    }

    const withOutbox = createApp({ db: t.db, config: readConfig({ DATA_DIR: 'memory', DEV_OUTBOX: '1' }) });
    expect((await withOutbox.request('/dev/outbox?to=reset@example.com')).status).toBe(200);
  });
});

describe('DEV_OUTBOX', () => {
  it('1 opens the outbox, 0 or unset keeps it shut, anything else is refused', () => {
    expect(readConfig({ DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(readConfig({ DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    expect(readConfig({ DEV_OUTBOX: '' }).devOutbox).toBe(false);
    expect(() => readConfig({ DEV_OUTBOX: 'yes' })).toThrow("DEV_OUTBOX must be 1 or 0, got 'yes'");
  });

  it('is refused with NODE_ENV=production, as FAULT_INJECTION is', () => {
    expect(() => readConfig({ DEV_OUTBOX: '1', NODE_ENV: 'production' })).toThrow(
      'DEV_OUTBOX cannot be used when NODE_ENV=production',
    );
    expect(() => readConfig({ FAULT_INJECTION: '1', NODE_ENV: 'production' })).toThrow(/FAULT_INJECTION/);
    expect(readConfig({ NODE_ENV: 'production' }).devOutbox).toBe(false);
  });
});

describe('the start-up line of the doors', () => {
  it('names each door that is open', () => {
    expect(developmentDoors(readConfig({ DEV_OUTBOX: '1', FAULT_INJECTION: '1', NEW_WORK_EVERY_S: '30' }))).toEqual([
      'the mail outbox at /dev/outbox (DEV_OUTBOX)',
      'fault injection by cookie (FAULT_INJECTION)',
      'a new job posted every 30 s (NEW_WORK_EVERY_S)',
    ]);
    expect(developmentDoors(readConfig({ FAULT_INJECTION: '1' }))).toEqual([
      'fault injection by cookie (FAULT_INJECTION)',
    ]);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it('takes an smtp:// or smtps:// URL, and refuses anything else without repeating it (it may hold a password)', () => {
    expect(readConfig({}).smtpUrl).toBeNull();
    expect(readConfig({ SMTP_URL: 'smtp://user:pass@smtp.example.com:587' }).smtpUrl).toBe(
      'smtp://user:pass@smtp.example.com:587',
    );
    expect(readConfig({ SMTP_URL: 'smtps://smtp.example.com' }).smtpUrl).toBe('smtps://smtp.example.com');
    for (const bad of ['https://user:hunter2@smtp.example.com', 'smtp.example.com:587', 'smtp://']) {
      expect(() => readConfig({ SMTP_URL: bad })).toThrow(/^SMTP_URL must be a URL such as smtp:\/\//);
      expect(() => readConfig({ SMTP_URL: bad })).not.toThrow(/hunter2/);
    }
  });

  it('takes a From address with or without a name, printable ASCII, one line', () => {
    expect(readConfig({}).mailFrom).toBeUndefined();
    expect(readConfig({ MAIL_FROM: 'Partners <no-reply@partners.example.com>' }).mailFrom).toBe(
      'Partners <no-reply@partners.example.com>',
    );
    expect(readConfig({ MAIL_FROM: 'ops@example.com' }).mailFrom).toBe('ops@example.com');
    for (const bad of ['no address', 'a@b.c\r\nBcc: x@y.z', 'Équipe <a@b.c>', '<a@b.c', 'a@b@c']) {
      expect(() => readConfig({ MAIL_FROM: bad })).toThrow(/^MAIL_FROM must be an address such as/);
    }
  });
});
