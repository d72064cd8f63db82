import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { DaySegment } from '@/machines/work-calendar/work-calendar.days';
import { weeksOf, type CalendarDay } from '@/machines/work-calendar/work-calendar.selectors';
import type { CalendarEntry } from '@/schemas/work-calendar';
import { useFormatters } from '@/src/app/use-formatters';
import { KIND_MESSAGES, weekdayLong, weekdayShort } from './calendar-labels';

/**
 * The calendar's two views, props in and markup out: the month as a table of weeks (each day listing its entries as
 * links, the first few and a "more" that opens the day's week), and the week with each entry placed at its London
 * hours, overlapping ones side by side. An entry is a link to its page (the job sheet, the private job, the journey,
 * the reservations), coloured by its vehicle or driver; its name says what it is and when.
 */

/** How many entries a month's day shows before "more". */
const MONTH_DAY_ENTRIES = 3;

export interface EntryLinks {
  /** Where an entry opens. */
  hrefOf(entry: CalendarEntry): string;
  /** Its colour (white text on it has 4.5:1 at least). */
  colourOf(entry: CalendarEntry): string;
}

function useEntryName() {
  const intl = useIntl();
  const fmt = useFormatters();
  return (entry: CalendarEntry) =>
    intl.formatMessage(
      { id: 'workCalendar.entry.name' },
      {
        kind: intl.formatMessage(KIND_MESSAGES[entry.kind]),
        title: entry.title,
        start: `${fmt.date(entry.start)} ${fmt.time(entry.start)}`,
        end: `${fmt.date(entry.end)} ${fmt.time(entry.end)}`,
      },
    );
}

function EntryLink({
  segment,
  links,
  className,
  style,
  children,
}: {
  segment: DaySegment;
  links: EntryLinks;
  className: string;
  style?: React.CSSProperties;
  children: React.ReactNode;
}) {
  const name = useEntryName();
  const { entry } = segment;
  return (
    <Link
      href={links.hrefOf(entry)}
      className={className}
      style={{ ...style, backgroundColor: links.colourOf(entry) }}
      aria-label={name(entry)}
      title={name(entry)}
      data-testid="calendar-entry"
      data-entry-id={entry.id}
      data-kind={entry.kind}
      data-day={segment.day}
    >
      {children}
    </Link>
  );
}

export function MonthGrid({
  days,
  links,
  onMore,
}: {
  days: readonly CalendarDay[];
  links: EntryLinks;
  /** Open the day's week. */
  onMore(date: string): void;
}) {
  const intl = useIntl();
  const fmt = useFormatters();
  const weeks = weeksOf(days);
  return (
    <table className="cal-month" data-testid="calendar-month">
      <thead>
        <tr>
          {weeks[0]!.map((day) => (
            <th key={day.date} scope="col" abbr={weekdayLong(day.date, fmt.locale)}>
              {weekdayShort(day.date, fmt.locale)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.date}>
            {week.map((day) => {
              const shown = day.segments.slice(0, MONTH_DAY_ENTRIES);
              const more = day.segments.length - shown.length;
              return (
                <td
                  key={day.date}
                  className={`cal-day${day.inPeriod ? '' : ' is-outside'}${day.isToday ? ' is-today' : ''}`}
                  data-date={day.date}
                  aria-current={day.isToday ? 'date' : undefined}
                >
                  <span className="cal-day-number" aria-hidden="true">
                    {Number(day.date.slice(8))}
                  </span>
                  <span className="visually-hidden">{fmt.date(day.date)}</span>
                  {shown.length > 0 ? (
                    <ul className="cal-day-entries">
                      {shown.map((segment) => (
                        <li key={segment.entry.id}>
                          <EntryLink segment={segment} links={links} className="cal-chip">
                            <span className="cal-chip-time">
                              {segment.continuesBefore ? '…' : fmt.time(segment.entry.start)}
                            </span>{' '}
                            <span className="cal-chip-title">{segment.entry.title}</span>
                          </EntryLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {more > 0 ? (
                    <button
                      type="button"
                      className="cal-more"
                      onClick={() => onMore(day.date)}
                      aria-label={intl.formatMessage(
                        { id: 'workCalendar.moreLabel' },
                        { count: more, date: fmt.date(day.date) },
                      )}
                    >
                      {intl.formatMessage({ id: 'workCalendar.more' }, { count: more })}
                    </button>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

export function WeekGrid({
  days,
  hours,
  links,
}: {
  days: readonly CalendarDay[];
  hours: { first: number; last: number };
  links: EntryLinks;
}) {
  const fmt = useFormatters();
  const span = hours.last - hours.first;
  const at = (minute: number) => `calc(${(minute - hours.first * 60) / 60} * var(--cal-hour))`;
  const hourLabels = Array.from({ length: span }, (_, i) => hours.first + i);
  // a day with entries side by side gets room for each (a start time, and 24 px at least to tap), the others 6.5rem
  const columns = days.map(
    (d) => `minmax(${Math.max(6.5, 2.25 * Math.max(1, ...d.segments.map((s) => s.lanes)))}rem, 1fr)`,
  );
  return (
    <div className="cal-week-scroll">
      <div
        className="cal-week"
        data-testid="calendar-week"
        style={{ '--cal-hours': span, gridTemplateColumns: `3.25rem ${columns.join(' ')}` } as React.CSSProperties}
      >
        <div className="cal-week-corner" aria-hidden="true" />
        {days.map((day) => (
          <div key={day.date} className={`cal-week-head${day.isToday ? ' is-today' : ''}`} aria-hidden="true">
            <span className="cal-week-weekday">{weekdayShort(day.date, fmt.locale)}</span>{' '}
            <span className="cal-week-date">{Number(day.date.slice(8))}</span>
          </div>
        ))}
        <div className="cal-hours" aria-hidden="true">
          {hourLabels.map((hour) => (
            <span key={hour} className="cal-hour" data-hour={hour} style={{ top: at(hour * 60) }}>
              {`${pad(hour)}:00`}
            </span>
          ))}
        </div>
        {days.map((day) => (
          <section
            key={day.date}
            className={`cal-week-day${day.isToday ? ' is-today' : ''}`}
            aria-label={fmt.date(day.date)}
            data-date={day.date}
          >
            {day.segments.length > 0 ? (
              <ul className="cal-week-entries">
                {day.segments.map((segment) => {
                  const top = Math.max(segment.startMinute, hours.first * 60);
                  const bottom = Math.min(segment.endMinute, hours.last * 60);
                  return (
                    <li key={segment.entry.id}>
                      <EntryLink
                        segment={segment}
                        links={links}
                        className={`cal-block${segment.lanes >= 3 ? ' is-narrow' : ''}${segment.continuesBefore ? ' continues-before' : ''}${segment.continuesAfter ? ' continues-after' : ''}`}
                        style={{
                          top: at(top),
                          height: `max(1.75rem, calc(${(bottom - top) / 60} * var(--cal-hour) - 2px))`,
                          left: `${(segment.lane / segment.lanes) * 100}%`,
                          width: `${100 / segment.lanes}%`,
                        }}
                      >
                        <span className="cal-block-time">
                          {fmt.time(segment.entry.start)}
                          <span className="cal-block-end">–{fmt.time(segment.entry.end)}</span>
                        </span>
                        <span className="cal-block-title">{segment.entry.title}</span>
                      </EntryLink>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
