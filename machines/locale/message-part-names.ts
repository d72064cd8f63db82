/**
 * The part of the messages that every page needs (scripts/message-parts.ts): those of the entry and what it loads,
 * but for the pages. The other parts are named after their page module ('find-work/find-work-page').
 */
export const SHELL_PART = 'shell';

/**
 * The module a locale's part is built from, as the build manifest names it: `messages/<code>-<part>.js`, a page
 * module's slash written `--` (`messages/es-find-work--find-work-page.js`), so each chunk is named after both.
 */
export const messagePartModule = (code: string, part: string): string =>
  `messages/${code}-${part.replaceAll('/', '--')}.js`;

/** The locale and part of a `messagePartModule` name, or null for any other module. */
export function messagePartOf(module: string): { code: string; part: string } | null {
  const match = /^messages\/([a-z]{2})-(.+)\.js$/.exec(module);
  return match ? { code: match[1]!, part: match[2]!.replaceAll('--', '/') } : null;
}
