import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsUtc, writeIcs } from '@/server/calendar/ics-writer';
import { contentLines, icsInstant, readIcs, unescapeText } from '@/server/calendar/ics-test-reader';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('escapeText (RFC 5545 §3.3.11)', () => {
  it('escapes backslash, semicolon, comma and new lines, in that order', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(unescapeText(escapeText('a\\b;c,d\ne'))).toBe('a\\b;c,d\ne');
    // A backslash before an n stays a backslash and an n.
    expect(unescapeText(escapeText('C:\\new'))).toBe('C:\\new');
  });

  it('turns other control characters into spaces, keeps tabs and any Unicode', () => {
    expect(escapeText('a\u0000b\u0007c\u001fd\u007fe\tf')).toBe('a b c d e\tf');
    expect(escapeText('Leeds → York, café 😀')).toBe('Leeds → York\\, café 😀');
  });
});

describe('icsUtc', () => {
  it('writes a UTC DATE-TIME without separators or milliseconds', () => {
    expect(icsUtc(new Date('2026-11-20T10:00:00.000Z'))).toBe('20261120T100000Z');
    expect(icsUtc(new Date('2027-06-30T22:30:15.999Z'))).toBe('20270630T223015Z');
    expect(icsInstant('20270630T223015Z')).toEqual(new Date('2027-06-30T22:30:15Z'));
  });
});

describe('foldLine (RFC 5545 §3.1)', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets, the leading space included', () => {
    const folded = foldLine(`DESCRIPTION:${'y'.repeat(300)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(5);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`DESCRIPTION:${'y'.repeat(300)}`);
  });

  it('counts octets, never splitting a character: accents, arrows and emoji', () => {
    for (const char of ['é', '→', '😀']) {
      const line = `SUMMARY:${char.repeat(60)}`;
      const lines = foldLine(line).split('\r\n');
      for (const physical of lines) {
        expect(octets(physical)).toBeLessThanOrEqual(75);
        expect(physical).not.toMatch(/\uFFFD/);
      }
      expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
    }
  });
});

describe('writeIcs', () => {
  const stamp = new Date('2026-11-18T14:30:00Z');
  const file = writeIcs({
    productId: '-//Test//Test//EN',
    name: 'Work, mine',
    stamp,
    events: [
      {
        uid: 'private-1@example.com',
        start: new Date('2026-11-20T10:00:00Z'),
        end: new Date('2026-11-20T15:00:00Z'),
        summary: 'Private job: Stockport → Bolton; piano, upright',
        location: 'Stockport',
        description: `Pickup: Stockport\nDelivery: Bolton\n${'A long note. '.repeat(12)}`,
        categories: ['private'],
        url: 'http://localhost:8080/tpp/work-calendar/external/1',
        status: 'CONFIRMED',
      },
      { uid: 'listing-2@example.com', start: stamp, end: stamp, summary: 'A moment' },
    ],
  });

  it('ends every line with CRLF, the last one too, with no bare line breaks', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(() => contentLines(file)).not.toThrow();
  });

  it('reads back: calendar properties, each event with its text unescaped and its times', () => {
    const { calendar, events } = readIcs(file);
    expect(calendar).toMatchObject({
      VERSION: '2.0',
      PRODID: '-//Test//Test//EN',
      CALSCALE: 'GREGORIAN',
      METHOD: 'PUBLISH',
      'X-WR-CALNAME': 'Work, mine',
    });
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({
      UID: 'private-1@example.com',
      DTSTAMP: '20261118T143000Z',
      DTSTART: '20261120T100000Z',
      DTEND: '20261120T150000Z',
      SUMMARY: 'Private job: Stockport → Bolton; piano, upright',
      LOCATION: 'Stockport',
      DESCRIPTION: `Pickup: Stockport\nDelivery: Bolton\n${'A long note. '.repeat(12)}`,
      CATEGORIES: 'private',
      URL: 'http://localhost:8080/tpp/work-calendar/external/1',
      STATUS: 'CONFIRMED',
    });
  });

  it('writes no DTEND for an event that ends when it starts', () => {
    const { events } = readIcs(file);
    expect(events[1]).toEqual({
      UID: 'listing-2@example.com',
      DTSTAMP: '20261118T143000Z',
      DTSTART: '20261118T143000Z',
      SUMMARY: 'A moment',
    });
  });
});
