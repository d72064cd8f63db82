import { Schema } from 'effect';
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminDocumentListResponse,
  DOCUMENT_AND_TYPE_NEEDED,
  DocumentListResponse,
  DocumentResponse,
  EXPIRY_IN_FUTURE,
  EXPIRY_NEEDED,
  MAX_UPLOAD_BYTES,
  TERMS_VERSION,
  TermsStatusResponse,
  TOO_BIG_FILE,
  WRONG_FORMAT,
} from '@/schemas/documents';
import { DocumentType, OnboardingStatusResponse } from '@/schemas/onboarding';
import { DOCUMENTS_ACCOUNT } from '@/server/seed/documents';
import { dateShaped } from '@/server/testing/date-shaped';
import { NUMBERISH_TEXT, unstorableText } from '@/server/testing/hostile-values';
import { createSeededApp, jsonPost, SETUP_TIMEOUT_MS, signIn, XHR, type SeededApp } from '@/server/testing/seeded-app';
import { addDays, londonDate } from '@/server/time/london';

/**
 * The documents and terms endpoints against the seeded demo (TEST_NOW is Wednesday 18 November 2026): every upload
 * rule with its message (spec §5 texts word for word), content sniffing, the 10mb limit refused early (Content-Length)
 * and while reading, files served to their owner and admins only, the admin review, and the terms acceptance.
 */

type Who = 'olivia' | 'partner' | 'admin';
const EMAIL: Record<Who, string> = {
  olivia: DOCUMENTS_ACCOUNT,
  partner: 'partner@example.com',
  admin: 'admin@example.com',
};
let t: SeededApp;
const token = {} as Record<Who, string>;
let today: string;

beforeAll(async () => {
  t = await createSeededApp({ tokenTtlS: 365 * 86_400, sessionTtlS: 365 * 86_400 });
  for (const who of Object.keys(EMAIL) as Who[]) token[who] = (await signIn(t.app, EMAIL[who])).token;
  today = londonDate(t.clock.now);
}, SETUP_TIMEOUT_MS);
beforeEach(() => {
  t.errors.splice(0);
});
afterEach(() => {
  expect(t.errors).toEqual([]);
});

const auth = (who: Who) => ({ authorization: `Bearer ${token[who]}`, ...XHR });
const get = (path: string, who: Who = 'olivia') => t.app.request(path, { headers: auth(who) });

const ascii = (text: string) => new TextEncoder().encode(text);
const PDF = ascii('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const GIF = ascii('GIF89a\x01\x00\x01\x00');
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);

interface UploadFields {
  readonly file?: { name: string; bytes: Uint8Array };
  readonly type?: string;
  readonly expires_at?: string;
  readonly cover_amount?: string;
}

const formOf = (fields: UploadFields): FormData => {
  const form = new FormData();
  if (fields.file) form.set('file', new File([fields.file.bytes as Uint8Array<ArrayBuffer>], fields.file.name));
  for (const key of ['type', 'expires_at', 'cover_amount'] as const) {
    const value = fields[key];
    if (value !== undefined) form.set(key, value);
  }
  return form;
};

const upload = (fields: UploadFields, who: Who = 'olivia') =>
  t.app.request('/v1/documents', { method: 'POST', headers: auth(who), body: formOf(fields) });

const identity = (name: string, bytes: Uint8Array) => upload({ file: { name, bytes }, type: 'identity' });

const errorsOf = async (response: Response) =>
  ((await response.json()) as { message: string; errors: Record<string, string[]> }).errors;

const decode = async <A, I>(response: Response, schema: Schema.Codec<A, I>) =>
  Schema.decodeUnknownSync(schema)(await response.json());

describe('POST /v1/documents', () => {
  it('stores a valid PDF as pending review, due within 72 hours, and lists it first', async () => {
    const response = await identity('Passport scan.pdf', PDF);
    expect(response.status).toBe(201);
    const { data } = await decode(response, DocumentResponse);
    expect(data).toMatchObject({
      type: 'identity',
      status: 'pending_review',
      file_name: 'Passport scan.pdf',
      size_bytes: PDF.length,
      content_type: 'application/pdf',
      uploaded_at: t.clock.now.toISOString(),
      review_due_by: new Date(t.clock.now.getTime() + 72 * 3_600_000).toISOString(),
    });
    const list = await decode(await get('/v1/documents'), DocumentListResponse);
    expect(list.data[0]?.id).toBe(data.id);
  });

  it('refuses an upload without a file or without a type with the spec text', async () => {
    const noFile = await upload({ type: 'identity' });
    expect(noFile.status).toBe(422);
    expect(await errorsOf(noFile)).toEqual({ file: [DOCUMENT_AND_TYPE_NEEDED] });
    const noType = await upload({ file: { name: 'a.pdf', bytes: PDF } });
    expect(await errorsOf(noType)).toEqual({ type: [DOCUMENT_AND_TYPE_NEEDED] });
    const unknownType = await upload({ file: { name: 'a.pdf', bytes: PDF }, type: 'tax_return' });
    expect(await errorsOf(unknownType)).toEqual({ type: [DOCUMENT_AND_TYPE_NEEDED] });
  });

  it('refuses a file over 10mb (413, spec text) and accepts one of exactly 10mb', async () => {
    const over = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    over.set(PDF);
    const big = await identity('big.pdf', over);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: TOO_BIG_FILE, errors: { file: [TOO_BIG_FILE] } });
    const limit = new Uint8Array(MAX_UPLOAD_BYTES);
    limit.set(PDF);
    expect((await identity('limit.pdf', limit)).status).toBe(201);
  });

  it('refuses a body over the limit from its Content-Length, before reading it', async () => {
    const response = await t.app.request('/v1/documents', {
      method: 'POST',
      headers: {
        ...auth('olivia'),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(11 * 1024 * 1024),
      },
      body: '--x--\r\n',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: TOO_BIG_FILE });
  });

  it('stops reading a body streamed without a Content-Length once it passes the limit', async () => {
    // 64 chunks of 1 MiB on offer: the server must stop pulling soon after the 10mb limit.
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const head = ascii('--x\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-');
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 64) controller.close();
        else controller.enqueue(pulled === 1 ? head : chunk);
      },
    });
    const response = await t.app.request('/v1/documents', {
      method: 'POST',
      headers: { ...auth('olivia'), 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: TOO_BIG_FILE });
    expect(pulled).toBeLessThan(16);
  });

  it('keeps the app-wide 1 MiB limit on every other endpoint', async () => {
    const response = await t.app.request('/v1/terms/accept', {
      ...jsonPost({ payload: { version: 'x'.repeat(t.config.maxBodyBytes) } }),
      headers: { ...auth('olivia'), 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
  });

  it('refuses formats outside spec §5', async () => {
    for (const name of ['setup.exe', 'notes.txt', 'scan.PDF.zip', 'noextension']) {
      expect(await errorsOf(await identity(name, PDF))).toEqual({ file: [WRONG_FORMAT] });
    }
  });

  it('sniffs the content: an .exe renamed .pdf, and each image format mislabelled, are refused', async () => {
    const refused = async (name: string, bytes: Uint8Array) => (await errorsOf(await identity(name, bytes))).file;
    expect(await refused('invoice.pdf', EXE)).toEqual(['This file is not a valid PDF.']);
    expect(await refused('photo.png', JPEG)).toEqual(['This file is not a valid PNG image.']);
    expect(await refused('photo.jpg', PNG)).toEqual(['This file is not a valid JPEG image.']);
    expect(await refused('photo.jpeg', GIF)).toEqual(['This file is not a valid JPEG image.']);
    expect(await refused('anim.gif', PDF)).toEqual(['This file is not a valid GIF image.']);
    expect(await refused('rows.csv', EXE)).toEqual(['This file is not a valid CSV.']);
    expect(await refused('rows.csv', new Uint8Array([0x61, 0xff, 0xfe, 0x0a]))).toEqual([
      'This file is not a valid CSV.',
    ]);
    expect(await refused('empty.pdf', new Uint8Array())).toEqual(['This file is not a valid PDF.']);
  });

  it('accepts each format whose content matches, case-insensitively by extension', async () => {
    for (const [name, bytes] of [
      ['a.PNG', PNG],
      ['b.jpg', JPEG],
      ['c.jpeg', JPEG],
      ['d.gif', GIF],
      ['e.csv', ascii('date,amount\n2026-11-01,£12.50\n')],
    ] as const) {
      const response = await identity(name, bytes);
      expect(response.status, name).toBe(201);
    }
  });

  it('needs a future expiry date for insurance and the driving licence', async () => {
    const pdf = { name: 'licence.pdf', bytes: PDF };
    expect(await errorsOf(await upload({ file: pdf, type: 'driving_licence' }))).toEqual({
      expires_at: [EXPIRY_NEEDED],
    });
    for (const date of [today, addDays(today, -1)]) {
      expect(await errorsOf(await upload({ file: pdf, type: 'driving_licence', expires_at: date }))).toEqual({
        expires_at: [EXPIRY_IN_FUTURE],
      });
    }
    // 2027-13-45 once made the date check throw (an Invalid Date has no ISO string): a 500 instead of the message
    for (const expires_at of ['2027-02-30', '2027-13-45'])
      expect(await errorsOf(await upload({ file: pdf, type: 'driving_licence', expires_at }))).toEqual({
        expires_at: ['Please enter the date as yyyy-MM-dd.'],
      });
    const ok = await upload({ file: pdf, type: 'driving_licence', expires_at: addDays(today, 1) });
    expect(ok.status).toBe(201);
  });

  it('needs the cover of an insurance kind to reach its spec §9 minimum, naming it', async () => {
    const pdf = { name: 'cover.pdf', bytes: PDF };
    const expires_at = addDays(today, 200);
    const refusal = async (type: string, cover_amount?: string) =>
      (await errorsOf(await upload({ file: pdf, type, expires_at, ...(cover_amount ? { cover_amount } : {}) })))
        .cover_amount;
    expect(await refusal('third_party_insurance')).toEqual(['Please enter the amount of cover in pounds.']);
    expect(await refusal('third_party_insurance', '999999.99')).toEqual(['The cover must be at least £1,000,000.']);
    expect(await refusal('goods_in_transit_insurance', '4999')).toEqual(['The cover must be at least £5,000.']);
    expect(await refusal('vehicle_insurance', '9999')).toEqual(['The cover must be at least £10,000.']);
    expect(await refusal('cmr_insurance', '49999')).toEqual(['The cover must be at least £50,000.']);
    expect(await refusal('cmr_insurance', '£50,000')).toEqual([
      'The cover must be an amount in pounds, such as 1000000.',
    ]);
    const ok = await upload({ file: pdf, type: 'goods_in_transit_insurance', expires_at, cover_amount: '5000' });
    expect(ok.status).toBe(201);
    expect((await decode(ok, DocumentResponse)).data.cover_amount).toBe(5000);
  });

  it('refuses a cover past the largest it keeps (MAX_COVER_GBP), which once answered 500', async () => {
    const pdf = { name: 'cover.pdf', bytes: PDF };
    const expires_at = addDays(today, 200);
    // The cover is kept in an integer column: 2147483648 pounds and more did not fit it.
    for (const cover_amount of ['20000000.01', '2147483648', '999999999999', '999999999999.99']) {
      const response = await upload({ file: pdf, type: 'third_party_insurance', expires_at, cover_amount });
      expect(response.status, cover_amount).toBe(422);
      expect((await errorsOf(response)).cover_amount, cover_amount).toEqual(['The cover can be at most £20,000,000.']);
    }
    expect(t.errors.splice(0)).toEqual([]);
    const most = await upload({ file: pdf, type: 'third_party_insurance', expires_at, cover_amount: '20000000' });
    expect(most.status).toBe(201);
    expect((await decode(most, DocumentResponse)).data.cover_amount).toBe(20_000_000);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await t.app.request('/v1/documents', {
      ...jsonPost({ payload: { type: 'identity' } }),
      headers: { ...auth('olivia'), 'content-type': 'application/json' },
    });
    expect(response.status).toBe(415);
  });

  it('keeps only the base name of the file, never a path', async () => {
    const response = await identity('..\\..\\secret/../passport.pdf', PDF);
    expect((await decode(response, DocumentResponse)).data.file_name).toBe('passport.pdf');
  });
});

describe('GET /v1/documents/{id}/file', () => {
  let id: number;
  beforeAll(async () => {
    id = (await decode(await identity('Proof of ID.pdf', PDF), DocumentResponse)).data.id;
  });

  it('serves the owner the bytes, with its type, nosniff and an inline disposition for a PDF', async () => {
    const response = await get(`/v1/documents/${id}/file`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Proof of ID.pdf"; filename*=UTF-8''Proof%20of%20ID.pdf`,
    );
  });

  it('answers another partner 404, as for a missing document, and an admin 200', async () => {
    expect((await get(`/v1/documents/${id}/file`, 'partner')).status).toBe(404);
    expect((await get('/v1/documents/999999/file', 'partner')).status).toBe(404);
    expect((await get('/v1/documents/abc/file')).status).toBe(404);
    const admin = await get(`/v1/documents/${id}/file`, 'admin');
    expect(admin.status).toBe(200);
    expect(new Uint8Array(await admin.arrayBuffer())).toEqual(PDF);
  });

  it('downloads a CSV as an attachment', async () => {
    const csv = ascii('a,b\n1,2\n');
    const csvId = (await decode(await identity('rows.csv', csv), DocumentResponse)).data.id;
    const response = await get(`/v1/documents/${csvId}/file`);
    expect(response.headers.get('content-type')).toBe('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('gives a seeded document its generated sample PDF, of the size listed', async () => {
    const { data } = await decode(await get('/v1/documents'), DocumentListResponse);
    const licence = data.find((d) => d.type === 'driving_licence' && d.status === 'approved');
    if (!licence) throw new Error('Olivia has no seeded licence');
    const response = await get(`/v1/documents/${licence.id}/file`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(new TextDecoder().decode(bytes)).toContain('Olivia Bennett');
    expect(bytes.length).toBe(licence.size_bytes);
    // The second read finds the file in the folder.
    expect(new Uint8Array(await (await get(`/v1/documents/${licence.id}/file`)).arrayBuffer())).toEqual(bytes);
  });
});

describe('DELETE /v1/documents/{id}', () => {
  it('deletes a pending document of the owner, and its file', async () => {
    const id = (await decode(await identity('mistake.pdf', PDF), DocumentResponse)).data.id;
    expect((await t.app.request(`/v1/documents/${id}`, { method: 'DELETE', headers: auth('partner') })).status).toBe(
      404,
    );
    expect((await t.app.request(`/v1/documents/${id}`, { method: 'DELETE', headers: auth('olivia') })).status).toBe(
      204,
    );
    expect((await get(`/v1/documents/${id}/file`, 'admin')).status).toBe(404);
  });

  it('keeps a reviewed document (409)', async () => {
    const { data } = await decode(await get('/v1/documents'), DocumentListResponse);
    const approved = data.find((d) => d.status === 'approved');
    const response = await t.app.request(`/v1/documents/${approved?.id}`, {
      method: 'DELETE',
      headers: auth('olivia'),
    });
    expect(response.status).toBe(409);
  });
});

describe('the admin review', () => {
  const review = (id: number, body: unknown, who: Who) =>
    t.app.request(`/v1/admin/documents/${id}/review`, {
      ...jsonPost({ payload: body }),
      headers: { ...auth(who), 'content-type': 'application/json' },
    });

  it('lists pending documents with their owners, to admins only', async () => {
    expect((await get('/v1/admin/documents?status=pending_review', 'partner')).status).toBe(403);
    const response = await get('/v1/admin/documents?status=pending_review', 'admin');
    const { data } = await decode(response, AdminDocumentListResponse);
    expect(data.every((d) => d.status === 'pending_review')).toBe(true);
    expect(data.filter((d) => d.owner_email === 'expiring@example.com').map((d) => d.type)).toEqual([
      'goods_in_transit_insurance',
      'cmr_insurance',
    ]);
    expect((await get('/v1/admin/documents?status=lost', 'admin')).status).toBe(422);
  });

  it('refuses a partner (403); an approval drops the type out of missing', async () => {
    const third = await upload({
      file: { name: 'tp.pdf', bytes: PDF },
      type: 'third_party_insurance',
      expires_at: addDays(today, 300),
      cover_amount: '2000000',
    });
    const { id } = (await decode(third, DocumentResponse)).data;
    expect((await review(id, { status: 'approved' }, 'olivia')).status).toBe(403);
    const before = await decode(await get('/v1/onboarding-status'), OnboardingStatusResponse);
    expect(before.data.documents.missing).toContain('third_party_insurance');
    const approved = await review(id, { status: 'approved' }, 'admin');
    expect(approved.status).toBe(200);
    expect((await decode(approved, DocumentResponse)).data).toMatchObject({ status: 'approved' });
    const after = await decode(await get('/v1/onboarding-status'), OnboardingStatusResponse);
    expect(after.data.documents.missing).not.toContain('third_party_insurance');
  });

  it('needs a reason to reject, and shows it to the partner', async () => {
    const { id } = (await decode(await identity('blurred.png', PNG), DocumentResponse)).data;
    expect((await review(id, { status: 'rejected' }, 'admin')).status).toBe(422);
    expect((await review(id, { status: 'rejected', reason: 'The photo is blurred.' }, 'admin')).status).toBe(200);
    const { data } = await decode(await get('/v1/documents'), DocumentListResponse);
    expect(data.find((d) => d.id === id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The photo is blurred.',
    });
    expect((await review(999_999, { status: 'approved' }, 'admin')).status).toBe(404);
  });
});

describe('the partner terms', () => {
  const accept = (version: string, who: Who = 'olivia') =>
    t.app.request('/v1/terms/accept', {
      ...jsonPost({ payload: { version } }),
      headers: { ...auth(who), 'content-type': 'application/json' },
    });

  it('reports the checklist, refuses an old version and records the acceptance with its time', async () => {
    const before = await decode(await get('/v1/terms'), TermsStatusResponse);
    expect(before.data).toEqual({
      version: TERMS_VERSION,
      accepted_at: null,
      requirements: { documents_ok: false, vehicles_ok: false, terms_ok: false },
    });
    const old = await accept('2020-01');
    expect(old.status).toBe(422);
    expect(Object.keys(await errorsOf(old))).toEqual(['version']);

    const accepted = await decode(await accept(TERMS_VERSION), TermsStatusResponse);
    expect(accepted.data.accepted_at).toBe(t.clock.now.toISOString());
    expect(accepted.data.requirements.terms_ok).toBe(true);
    const { rows } = await t.db.query<{ version: string; accepted_at: Date }>(
      'select a.version, a.accepted_at from terms_acceptances a join users u on u.id = a.user_id where u.email = $1',
      [DOCUMENTS_ACCOUNT],
    );
    expect(rows).toEqual([{ version: TERMS_VERSION, accepted_at: t.clock.now }]);
    const status = await decode(await get('/v1/onboarding-status'), OnboardingStatusResponse);
    expect(status.data.terms_accepted_at).toBe(t.clock.now.toISOString());

    // Accepting again keeps the first time.
    t.clock.advance(60);
    const again = await decode(await accept(TERMS_VERSION), TermsStatusResponse);
    expect(again.data.accepted_at).toBe(accepted.data.accepted_at);
  });

  it('answers each partner with their own checklist', async () => {
    const partner = await decode(await get('/v1/terms', 'partner'), TermsStatusResponse);
    expect(partner.data.requirements.vehicles_ok).toBe(true);
  });
});

describe('POST /v1/documents with any text in its fields', () => {
  it('answers 201, or a 4xx naming what is wrong, and never fails inside', async () => {
    const text = fc.oneof(
      dateShaped,
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('', '1000000', '5000.50', '-1', '1e9', '1,000,000', '999999999999', '2147483648.5'),
      fc.constantFrom(...NUMBERISH_TEXT),
      unstorableText,
    );
    const type = fc.oneof(fc.constantFrom(...DocumentType.literals), fc.string({ maxLength: 24 }));
    await fc.assert(
      fc.asyncProperty(
        type,
        text,
        text,
        fc.oneof(fc.string({ maxLength: 60 }), unstorableText),
        async (kind, expires_at, cover_amount, name) => {
          const response = await upload({
            file: { name: `${name}.pdf`, bytes: PDF },
            type: kind,
            expires_at,
            cover_amount,
          });
          expect(t.errors.splice(0)).toEqual([]);
          if (response.status === 201) return;
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          const body = (await response.json()) as { message?: string; errors?: Record<string, string[]> };
          expect(body.message).toEqual(expect.any(String));
        },
      ),
      { numRuns: 150 },
    );
  });
});
