/**
 * A small iCalendar reader for the tests, written apart from ics-writer.ts so that a round trip checks the writer
 * against the RFC rather than against itself: split on CRLF (a bare LF or CR is an error), check every physical
 * line is at most 75 octets, unfold (a line starting with a space or tab continues the one before, RFC 5545 §3.1),
 * split `NAME;PARAMS:VALUE`, unescape TEXT (`\\` `\;` `\,` `\n`), and gather the VEVENTs.
 */

export interface IcsProperty {
  readonly name: string;
  readonly params: string;
  readonly value: string;
}

export interface ReadIcs {
  /** The calendar's own properties (outside any VEVENT). */
  readonly calendar: Readonly<Record<string, string>>;
  /** Each VEVENT's properties by name, TEXT values unescaped. */
  readonly events: readonly Readonly<Record<string, string>>[];
}

const TEXT_PROPERTIES = new Set(['SUMMARY', 'LOCATION', 'DESCRIPTION', 'UID', 'PRODID', 'X-WR-CALNAME']);

export const unescapeText = (value: string): string =>
  value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

/** The content lines of a file, unfolded; throws on a bare line break or an over-long physical line. */
export const contentLines = (text: string): string[] => {
  if (!text.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (/[\r\n]/.test(line)) throw new Error(`a bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`a line over 75 octets: ${JSON.stringify(line)}`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines;
};

/** One content line as name, parameters and value (the first unquoted `:` ends the name and parameters). */
export const property = (line: string): IcsProperty => {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    if (char === ':' && !quoted) {
      const head = line.slice(0, i);
      const semicolon = head.indexOf(';');
      return {
        name: (semicolon < 0 ? head : head.slice(0, semicolon)).toUpperCase(),
        params: semicolon < 0 ? '' : head.slice(semicolon + 1),
        value: line.slice(i + 1),
      };
    }
  }
  throw new Error(`no value in ${JSON.stringify(line)}`);
};

export const readIcs = (text: string): ReadIcs => {
  const calendar: Record<string, string> = {};
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | null = null;
  const depth: string[] = [];
  for (const line of contentLines(text)) {
    const { name, value } = property(line);
    if (name === 'BEGIN') {
      depth.push(value);
      if (value === 'VEVENT') event = {};
      continue;
    }
    if (name === 'END') {
      if (depth.pop() !== value) throw new Error(`END:${value} does not close what was open`);
      if (value === 'VEVENT' && event) events.push(event);
      if (value === 'VEVENT') event = null;
      continue;
    }
    const decoded = TEXT_PROPERTIES.has(name) ? unescapeText(value) : value;
    if (event) event[name] = decoded;
    else calendar[name] = decoded;
  }
  if (depth.length > 0) throw new Error(`unclosed ${depth.join(', ')}`);
  return { calendar, events };
};

/** `20261120T100000Z` as a Date. */
export const icsInstant = (value: string): Date => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC DATE-TIME: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
};
