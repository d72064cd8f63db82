import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PrivateJobRule, PrivateJobStep, StopName } from '@/machines/private-job/private-job.types';
import type { CalendarView } from '@/machines/work-calendar/work-calendar.days';
import type { CalendarEntryKind } from '@/schemas/work-calendar';
import { dateTimeFormat } from '@/src/format/intl-cache';
import { isoFor, type PortalLocale } from '@/src/format/locale-codes';

/**
 * Message ids of the work calendar and private job pages that are chosen by a value (a kind, a rule, a step), written
 * out so that `npm run i18n:check` sees every one, and typed against the values so none is missing.
 */

export const KIND_MESSAGES = defineMessages({
  listing: { id: 'workCalendar.kind.listing' },
  journey: { id: 'workCalendar.kind.journey' },
  private: { id: 'workCalendar.kind.private' },
  reservation: { id: 'workCalendar.kind.reservation' },
}) satisfies Record<CalendarEntryKind, MessageDescriptor>;

export const VIEW_MESSAGES = defineMessages({
  month: { id: 'workCalendar.view.month' },
  week: { id: 'workCalendar.view.week' },
}) satisfies Record<CalendarView, MessageDescriptor>;

export const PREVIOUS_MESSAGES = defineMessages({
  month: { id: 'workCalendar.previous.month' },
  week: { id: 'workCalendar.previous.week' },
}) satisfies Record<CalendarView, MessageDescriptor>;

export const NEXT_MESSAGES = defineMessages({
  month: { id: 'workCalendar.next.month' },
  week: { id: 'workCalendar.next.week' },
}) satisfies Record<CalendarView, MessageDescriptor>;

export const STEP_MESSAGES = defineMessages({
  stops: { id: 'privateJob.step.stops' },
  capacity: { id: 'privateJob.step.capacity' },
  review: { id: 'privateJob.step.review' },
}) satisfies Record<PrivateJobStep, MessageDescriptor>;

export const STOP_MESSAGES = defineMessages({
  pickup: { id: 'privateJob.stop.pickup' },
  delivery: { id: 'privateJob.stop.delivery' },
}) satisfies Record<StopName, MessageDescriptor>;

export const RULE_MESSAGES = defineMessages({
  required: { id: 'privateJob.error.required' },
  postcodeInvalid: { id: 'privateJob.error.postcodeInvalid' },
  postcodeUnknown: { id: 'privateJob.error.postcodeUnknown' },
  windowEndsBeforeStart: { id: 'privateJob.error.windowEndsBeforeStart' },
  windowTooShort: { id: 'privateJob.error.windowTooShort' },
  deliveryBeforePickup: { id: 'privateJob.error.deliveryBeforePickup' },
  volumeInvalid: { id: 'privateJob.error.volumeInvalid' },
  volumeTooLarge: { id: 'privateJob.error.volumeTooLarge' },
  titleTooLong: { id: 'privateJob.error.titleTooLong' },
}) satisfies Record<PrivateJobRule, MessageDescriptor>;

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** `November 2026`, `noviembre de 2026`. */
export const monthLabel = (date: string, locale: PortalLocale) =>
  dateTimeFormat(isoFor(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcNoon(date));

/** `23–29 November 2026`, `23–29 de noviembre de 2026` (a week across two months names both). */
export const weekLabel = (from: string, to: string, locale: PortalLocale) =>
  dateTimeFormat(isoFor(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(
    utcNoon(from),
    utcNoon(to),
  );

/** `Mon`, `lun`: a column of the grid. */
export const weekdayShort = (date: string, locale: PortalLocale) =>
  dateTimeFormat(isoFor(locale), { weekday: 'short', timeZone: 'UTC' }).format(utcNoon(date));

/** `Monday`, `lunes`. */
export const weekdayLong = (date: string, locale: PortalLocale) =>
  dateTimeFormat(isoFor(locale), { weekday: 'long', timeZone: 'UTC' }).format(utcNoon(date));

/** `Tue 24 Nov`, `mar, 24 nov`: a stop's day in the review. */
export const shortDate = (date: string, locale: PortalLocale) =>
  dateTimeFormat(isoFor(locale), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    utcNoon(date),
  );
