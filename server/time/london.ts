import { Temporal } from 'temporal-polyfill';

/** The time zone of every calendar rule (spec §9): "today", "this week", pickup hours. */
export const TIME_ZONE = 'Europe/London';

const zoned = (at: Date) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(TIME_ZONE);

/** The calendar date in London at `at`, yyyy-MM-dd. */
export const londonDate = (at: Date): string => zoned(at).toPlainDate().toString();

/** yyyy-MM-dd plus `days` (negative to go back). */
export const addDays = (isoDate: string, days: number): string =>
  Temporal.PlainDate.from(isoDate).add({ days }).toString();

const instants = new Map<string, number>();

/**
 * The instant of a London wall-clock time on a date (DST-correct; a time skipped by the clocks moves forward).
 * Memoised: the seed asks for the same few thousand date-hours over and over, and the polyfill's zone maths is slow.
 */
export const londonInstant = (isoDate: string, hour: number, minute = 0): Date => {
  const key = `${isoDate}T${hour}:${minute}`;
  let epochMs = instants.get(key);
  if (epochMs === undefined) {
    epochMs = Temporal.PlainDate.from(isoDate).toZonedDateTime({
      timeZone: TIME_ZONE,
      plainTime: Temporal.PlainTime.from({ hour, minute }),
    }).epochMilliseconds;
    instants.set(key, epochMs);
  }
  return new Date(epochMs);
};

/** Monday 00:00 London of the week that contains `at`. */
export const startOfLondonWeek = (at: Date): Date => {
  const date = zoned(at).toPlainDate();
  return londonInstant(date.subtract({ days: date.dayOfWeek - 1 }).toString(), 0);
};
