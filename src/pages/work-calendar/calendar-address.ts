import { isCalendarDate, type CalendarView } from '@/machines/work-calendar/work-calendar.days';
import type { CalendarAddress, CalendarInput } from '@/machines/work-calendar/work-calendar.types';

/**
 * The calendar in the address (`/work-calendar?view=week&date=2027-06-15&vehicle=3&driver=70`), so that a reload, a
 * shared link, and the dialogues that open over the calendar as child routes (`/work-calendar/external/{uuid}`, which
 * keep the query) all come back to the same month or week and filters. Anything unreadable falls back: this month,
 * no filter.
 */

const positiveId = (text: string | null): number | null => {
  const n = Number(text);
  return text !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export function calendarInputOf(search: string, today: string): CalendarInput {
  const query = new URLSearchParams(search);
  const date = query.get('date');
  const view: CalendarView = query.get('view') === 'week' ? 'week' : 'month';
  return {
    view,
    cursor: isCalendarDate(date) ? date : today,
    today,
    vehicleId: positiveId(query.get('vehicle')),
    driverUserId: positiveId(query.get('driver')),
  };
}

/** The query of an address (without `?`); the month view of today with no filter is the bare page. */
export function searchOfCalendar(address: CalendarAddress, today: string): string {
  const query = new URLSearchParams();
  if (address.view === 'week') query.set('view', 'week');
  if (address.cursor !== today) query.set('date', address.cursor);
  if (address.vehicleId !== null) query.set('vehicle', String(address.vehicleId));
  if (address.driverUserId !== null) query.set('driver', String(address.driverUserId));
  return query.toString();
}
