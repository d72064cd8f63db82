/** The historic list's page in the address: `/reservations/historic?page=2` (page 1 has no parameter). */

export const HISTORIC_PATH = '/reservations/historic';
/** The highest page the API takes (schemas/reservation.ts ReservationListQuery). */
const MOST_PAGES = 100_000;

/** The page an address search (`?page=2`) asks for: a whole number from 1, else 1. */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 && page <= MOST_PAGES ? page : 1;
}

/** The address of a historic page, other parameters dropped. */
export const historicAddress = (page: number): string => (page > 1 ? `${HISTORIC_PATH}?page=${page}` : HISTORIC_PATH);
