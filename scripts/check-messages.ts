/**
 * Every message id the portal uses must exist in locales/en.json (locales.test.ts checks that es.json has
 * the same keys). Literal ids are extracted from the source with @formatjs/cli; ids built from a variable
 * are listed here from the constants they are built from. Exits non-zero with the missing ids.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BADGE_COUNTER_KEYS } from '@/schemas/app-init';
import { DocumentType } from '@/schemas/onboarding';
import type { AuthErrorId } from '@/machines/auth/auth.types';
import { RULES } from '@/machines/forms/form-rules';
import { PORTAL_LOCALES } from '@/src/format/locale-codes';
import en from '@/locales/en.json';

const out = join(mkdtempSync(join(tmpdir(), 'messages-')), 'extracted.json');
execFileSync('npx', ['formatjs', 'extract', 'src/**/*.ts', 'src/**/*.tsx', '--out-file', out], {
  stdio: ['ignore', 'ignore', 'ignore'],
});
const literal = Object.keys(JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>);

const authErrors: Record<AuthErrorId, true> = {
  'auth.error.credentials': true,
  'auth.error.validation': true,
  'auth.error.rateLimited': true,
  'auth.error.network': true,
  'auth.error.sessionExpired': true,
  'auth.error.unexpected': true,
};
const dynamic = [
  ...BADGE_COUNTER_KEYS.map((k) => `counters.${k}`),
  ...(['new-messages', 'alerts', 'won'] as const).map((k) => `counters.short.${k}`),
  ...DocumentType.literals.map((t) => `document.${t}`),
  ...RULES.map((rule) => `validation.${rule}`),
  ...Object.keys(authErrors),
  ...PORTAL_LOCALES.map((c) => `language.${c}`),
  ...(['email', 'password'] as const).map((f) => `login.${f}`),
  'login.submit',
  'login.submitting',
];

const known = new Set(Object.keys(en));
const missing = [...new Set([...literal, ...dynamic])].filter((id) => !known.has(id)).sort();
console.log(`messages: ${literal.length} literal ids, ${dynamic.length} built ids, ${known.size} in en.json`);
if (missing.length > 0) {
  console.error(`missing in locales/en.json:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
