import { describe, expect, it } from 'vitest';
import { calendarInputOf, searchOfCalendar } from './calendar-address';

const TODAY = '2026-11-21';

describe('the work calendar in the address', () => {
  it('opens this month with no filter on the bare page', () => {
    expect(calendarInputOf('', TODAY)).toEqual({
      view: 'month',
      cursor: TODAY,
      today: TODAY,
      vehicleId: null,
      driverUserId: null,
    });
    expect(searchOfCalendar({ view: 'month', cursor: TODAY, vehicleId: null, driverUserId: null }, TODAY)).toBe('');
  });

  it('reads back what it wrote: view, day and filters', () => {
    const address = { view: 'week' as const, cursor: '2027-07-14', vehicleId: 3, driverUserId: 70 };
    const search = searchOfCalendar(address, TODAY);
    expect(search).toBe('view=week&date=2027-07-14&vehicle=3&driver=70');
    expect(calendarInputOf(search, TODAY)).toEqual({ ...address, today: TODAY });
  });

  it('falls back on anything it cannot read', () => {
    expect(calendarInputOf('view=year&date=2027-02-30&vehicle=-1&driver=abc', TODAY)).toEqual({
      view: 'month',
      cursor: TODAY,
      today: TODAY,
      vehicleId: null,
      driverUserId: null,
    });
  });
});
