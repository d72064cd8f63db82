/**
 * A small iCalendar writer (RFC 5545), enough for a published calendar of timed events: VCALENDAR with VEVENTs whose
 * times are UTC (`20261120T100000Z`, so no VTIMEZONE is needed; phones show them in their own zone). The three
 * rules a hand-written file usually breaks are kept here:
 *
 * - lines end with CRLF (§3.1), the last one included;
 * - a line longer than 75 octets is folded (§3.1): CRLF and one space, then the rest; octets are counted in UTF-8
 *   and a character is never split across lines;
 * - TEXT values escape backslash, semicolon, comma and new lines (§3.3.11); other control characters, which TEXT may
 *   not hold, become spaces.
 */

/** One event. `end` not after `start` writes no DTEND (RFC 5545: the event then ends when it starts). */
export interface IcsEvent {
  readonly uid: string;
  readonly start: Date;
  readonly end: Date;
  readonly summary: string;
  readonly location?: string;
  readonly description?: string;
  readonly categories?: readonly string[];
  readonly url?: string;
  readonly status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
}

export interface IcsCalendar {
  /** PRODID: who made the file (`-//Partner portal//Work calendar//EN`). */
  readonly productId: string;
  /** Shown as the calendar's name by the apps that read X-WR-CALNAME. */
  readonly name: string;
  /** DTSTAMP of every event: when the file was made. */
  readonly stamp: Date;
  readonly events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A TEXT value (§3.3.11): `\` `;` `,` escaped, each new line as `\n`, other control characters as spaces. */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ');

/** A DATE-TIME in UTC (§3.3.5 form 2): `20261120T100000Z`. */
export const icsUtc = (at: Date): string =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

const octets = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * One content line folded at 75 octets (§3.1): the first line holds up to 75 octets, each continuation a space and
 * up to 74 more. Code points stay whole (a 4-octet emoji moves to the next line rather than being cut).
 */
export const foldLine = (line: string): string => {
  if (octets(line) <= MAX_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = octets(char);
    const limit = lines.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (size + width > limit) {
      lines.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += width;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
};

const eventLines = (event: IcsEvent, stamp: Date): string[] => [
  'BEGIN:VEVENT',
  `UID:${escapeText(event.uid)}`,
  `DTSTAMP:${icsUtc(stamp)}`,
  `DTSTART:${icsUtc(event.start)}`,
  ...(event.end.getTime() > event.start.getTime() ? [`DTEND:${icsUtc(event.end)}`] : []),
  `SUMMARY:${escapeText(event.summary)}`,
  ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
  ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
  ...(event.categories && event.categories.length > 0
    ? [`CATEGORIES:${event.categories.map(escapeText).join(',')}`]
    : []),
  // A URI value is not TEXT: it is written as it is (the caller gives a well-formed absolute URL).
  ...(event.url ? [`URL:${event.url}`] : []),
  ...(event.status ? [`STATUS:${event.status}`] : []),
  'END:VEVENT',
];

/** The whole file: every line folded, CRLF line ends, a final CRLF. */
export const writeIcs = (calendar: IcsCalendar): string => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'X-WR-TIMEZONE:Europe/London',
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
};
