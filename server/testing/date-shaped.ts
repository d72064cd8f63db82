import fc from 'fast-check';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Text in the shape of a date or a date and time, with months, days and hours that do not exist (2026-13-45 25:61):
 * a check that builds a Date from it must refuse it, not throw (an upload's expiry once answered 500).
 */
export const dateShaped = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 0, max: 99 }),
    fc.option(fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))),
  )
  .map(
    ([y, m, d, time]) =>
      `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${time ? ` ${pad(time[0], 2)}:${pad(time[1], 2)}` : ''}`,
  );
