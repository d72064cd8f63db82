import { CalendarFeed, WorkCalendar } from '@/schemas/work-calendar';
import { api } from './api';
import { flattenQuery } from './query';

/**
 * The work calendar (issue 7; spec §2 /work-calendar, §9 time zone and colours; paths and shapes in
 * schemas/work-calendar.ts): the partner's won jobs, journeys, private jobs and reservations between two London days,
 * the same as an iCalendar file, and the subscription address a phone calendar polls without a token.
 */

const CALENDAR = 'ng/api/v3/provider/work-calendar';

/** Which London days (both included, at most 62) and which vehicle or driver (a driver's user id); null: all. */
export interface CalendarRange {
  readonly from: string;
  readonly to: string;
  readonly vehicleId: number | null;
  readonly driverUserId: number | null;
}

const queryOf = (range: CalendarRange) => ({
  from: range.from,
  to: range.to,
  ...(range.vehicleId === null ? {} : { vehicle_id: range.vehicleId }),
  ...(range.driverUserId === null ? {} : { driver_id: range.driverUserId }),
});

/** GET …/work-calendar: the entries of the range, with the partner's vehicles and drivers and their colours. */
export const fetchWorkCalendar = (range: CalendarRange, signal?: AbortSignal): Promise<WorkCalendar> =>
  api.get(CALENDAR, WorkCalendar, 'WorkCalendar', { query: queryOf(range), signal });

/**
 * GET …/work-calendar.ics: the same entries as an RFC 5545 file, as text. The answer is not JSON, so it is read
 * through the client's raw GET (`stream`: the same headers, token and re-login on 401, an error status thrown as
 * HttpError) and its body taken whole.
 */
export const downloadWorkCalendarIcs = async (range: CalendarRange, signal?: AbortSignal): Promise<string> => {
  const response = await api.stream(`${CALENDAR}.ics?${flattenQuery(queryOf(range)).toString()}`, { signal });
  return response.text();
};

/** GET …/work-calendar/feed: the partner's subscription address (made on the first call). */
export const fetchCalendarFeed = (signal?: AbortSignal): Promise<CalendarFeed> =>
  api.get(`${CALENDAR}/feed`, CalendarFeed, 'CalendarFeed', { signal });

/** POST …/work-calendar/feed/reset: a new subscription address; the old one stops working. */
export const resetCalendarFeed = (): Promise<CalendarFeed> =>
  api.post(`${CALENDAR}/feed/reset`, CalendarFeed, 'CalendarFeed');
