import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { CALENDAR_VIEWS, rangeOfView } from '@/machines/work-calendar/work-calendar.days';
import { workCalendarMachine } from '@/machines/work-calendar/work-calendar.machine';
import {
  calendarFailureOf,
  colourByOf,
  colourOf,
  daysOf,
  exportFailureOf,
  hasCalendarFailed,
  hoursOf,
  isCalendarLoading,
  isExporting,
  legendOf,
  UNASSIGNED_COLOUR,
} from '@/machines/work-calendar/work-calendar.selectors';
import type { CalendarInput } from '@/machines/work-calendar/work-calendar.types';
import type { PrivateWorkPreferences } from '@/schemas/private-job';
import type { CalendarEntry } from '@/schemas/work-calendar';
import { lazyDialog } from '@/src/app/lazy-dialog';
import { inspect } from '@/src/app/inspection';
import { useSession } from '@/src/app/session-scope';
import { useFormatters } from '@/src/app/use-formatters';
import { failureText } from '@/src/format/failure-text';
import { DISPLAY_TIME_ZONE } from '@/src/format/locale-codes';
import { LazyJobSheetDialog, LazyRecommendationSheet } from '@/src/pages/work/lazy-sheets';
import { calendarInputOf, searchOfCalendar } from './calendar-address';
import { monthLabel, NEXT_MESSAGES, PREVIOUS_MESSAGES, VIEW_MESSAGES, weekLabel } from './calendar-labels';
import { MonthGrid, WeekGrid, type EntryLinks } from './calendar-views';
import { saveTextFile } from './save-file';
import './work-calendar.css';

/**
 * The dialogues load when they first open (as on won work): React Aria's modal, fields and checkboxes, which the
 * calendar itself does not need.
 */
const FeedDialog = lazyDialog(() => import('./feed-dialog').then((m) => ({ default: m.FeedDialog })));
const PreferencesDialog = lazyDialog(() =>
  import('./preferences-dialog').then((m) => ({ default: m.PreferencesDialog })),
);
const PrivateJobDialog = lazyDialog(() =>
  import('./private-job-dialog').then((m) => ({ default: m.PrivateJobDialog })),
);

/**
 * The work calendar (spec §2 /work-calendar; issue 7): the partner's won jobs, journeys, private jobs and reservations
 * by month or week at their London times, each coloured by its vehicle or driver (spec §9), with filters by vehicle and
 * driver, a legend, a new private job, the .ics export and the phone subscription. Entries open the same children as
 * won work (`listing/{id}` the job sheet, `external/{uuid}` the private job), a journey its page, a reservation the
 * reservations. The view, day and filters live in the address. Renders the work-calendar machine.
 */
export default function WorkCalendarPage() {
  const session = useSession();
  const fakeDate = useSelector(session!.appInit, (s) => s.context.init?.fake_date ?? null);
  const today = fakeDate ?? Temporal.Now.plainDateISO(DISPLAY_TIME_ZONE).toString();
  const search = useSearch();
  // the address as the page opened: the machine owns the view from then on (and writes it back)
  const [input] = useState(() => calendarInputOf(search, today));
  return <WorkCalendar input={input} />;
}

type Panel = 'preferences' | 'feed' | null;

function WorkCalendar({ input }: { input: CalendarInput }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fmt = useFormatters();
  const [, navigate] = useLocation();
  const { child, id } = useParams<{ child?: string; id?: string }>();
  const search = useSearch();
  const actor = useActorRef(
    workCalendarMachine.provide({
      actions: {
        showInAddress: (_, address) => {
          const query = searchOfCalendar(address, input.today);
          navigate(`/work-calendar${query ? `?${query}` : ''}`, { replace: true });
        },
        saveFile: (_, file) => saveTextFile(file),
      },
    }),
    { inspect, input },
  );
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  // which of the page's own dialogues is open: view state
  const [panel, setPanel] = useState<Panel>(null);

  const { view, cursor, today, vehicleId, driverUserId } = snapshot.context;
  const loading = isCalendarLoading(snapshot);
  const failed = hasCalendarFailed(snapshot);
  const failure = calendarFailureOf(snapshot);
  const days = daysOf(snapshot);
  const legend = legendOf(snapshot);
  const exportFailure = exportFailureOf(snapshot);
  const calendar = snapshot.context.calendar;
  const query = search ? `?${search}` : '';
  const range = rangeOfView(view, cursor);
  const shownEntries = days.some((d) => d.segments.length > 0);

  const links: EntryLinks = {
    hrefOf: (entry: CalendarEntry) => {
      switch (entry.kind) {
        case 'listing':
          return `/work-calendar/listing/${encodeURIComponent(entry.ref)}${query}`;
        case 'private':
          return `/work-calendar/external/${encodeURIComponent(entry.ref)}${query}`;
        case 'journey':
          return `/journey/${encodeURIComponent(entry.ref)}`;
        case 'reservation':
          return '/reservations';
      }
    },
    colourOf: (entry: CalendarEntry) => colourOf(snapshot, entry),
  };

  const closeChild = useCallback(
    (changed: boolean) => {
      navigate(`/work-calendar${query}`);
      if (changed) actor.send({ type: 'calendar.refreshed' });
    },
    [navigate, query, actor],
  );
  const closePreferences = useCallback(
    (saved: PrivateWorkPreferences | null) => {
      setPanel(null);
      if (saved) actor.send({ type: 'calendar.colourBy.chosen', colourBy: saved.calendar_colour_by });
    },
    [actor],
  );
  const closeFeed = useCallback(() => setPanel(null), []);
  const listingId = Number(id);
  const newJobDate = cursor >= today ? cursor : today;
  const period = view === 'month' ? monthLabel(cursor, fmt.locale) : weekLabel(range.from, range.to, fmt.locale);

  return (
    <div className="cal-page">
      <header className="page-header cal-header">
        <h1>{t('workCalendar.title')}</h1>
        <div className="cal-actions">
          <Link href={`/work-calendar/external${query}`} className="button" data-testid="new-private-job">
            {t('workCalendar.newPrivateJob')}
          </Link>
          <button
            type="button"
            className="button button-secondary"
            disabled={isExporting(snapshot)}
            data-testid="calendar-export"
            onClick={() => send({ type: 'calendar.export.requested' })}
          >
            {isExporting(snapshot) ? t('workCalendar.exporting') : t('workCalendar.export')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-testid="calendar-subscribe"
            onClick={() => setPanel('feed')}
          >
            {t('workCalendar.subscribe')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-testid="calendar-preferences"
            onClick={() => setPanel('preferences')}
          >
            {t('workCalendar.preferences')}
          </button>
        </div>
      </header>

      {exportFailure ? (
        <div className="alert alert-danger cal-alert" role="alert" data-testid="calendar-export-failed">
          <p>
            {t('workCalendar.exportFailed')}{' '}
            {failureText(intl, { kind: exportFailure.kind, message: exportFailure.message ?? '' })}
          </p>
          <div className="cal-alert-actions">
            <button type="button" className="button" onClick={() => send({ type: 'calendar.export.requested' })}>
              {t('app.retry')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => send({ type: 'calendar.export.dismissed' })}
            >
              {t('workCalendar.dismiss')}
            </button>
          </div>
        </div>
      ) : null}

      <div className="cal-toolbar">
        <div className="cal-nav">
          <button
            type="button"
            className="button button-secondary cal-step"
            aria-label={intl.formatMessage(PREVIOUS_MESSAGES[view])}
            data-testid="calendar-previous"
            onClick={() => send({ type: 'calendar.previous' })}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-testid="calendar-today"
            onClick={() => send({ type: 'calendar.today' })}
          >
            {t('workCalendar.today')}
          </button>
          <button
            type="button"
            className="button button-secondary cal-step"
            aria-label={intl.formatMessage(NEXT_MESSAGES[view])}
            data-testid="calendar-next"
            onClick={() => send({ type: 'calendar.next' })}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <h2 id="cal-period-label" className="cal-period" data-testid="calendar-period" aria-live="polite">
          {period}
        </h2>
        <div className="cal-views" role="group" aria-label={t('workCalendar.view')}>
          {CALENDAR_VIEWS.map((v) => (
            <button
              type="button"
              key={v}
              className="cal-view-button"
              aria-pressed={v === view}
              data-testid={`calendar-view-${v}`}
              onClick={() => {
                if (v !== view) send({ type: 'calendar.view.chosen', view: v });
              }}
            >
              {intl.formatMessage(VIEW_MESSAGES[v])}
            </button>
          ))}
        </div>
      </div>

      <div className="cal-filters" role="group" aria-label={t('workCalendar.filters')}>
        <div className="field">
          <label htmlFor="cal-vehicle">{t('workCalendar.filter.vehicle')}</label>
          <select
            id="cal-vehicle"
            value={vehicleId ?? ''}
            onChange={(e) =>
              send({ type: 'calendar.vehicle.chosen', vehicleId: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">{t('workCalendar.filter.allVehicles')}</option>
            {/* a filter from the address shows before the list that names it has been read */}
            {vehicleId !== null && !calendar?.vehicles.some((v) => v.id === vehicleId) ? (
              <option value={vehicleId}>#{vehicleId}</option>
            ) : null}
            {(calendar?.vehicles ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.registration}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cal-driver">{t('workCalendar.filter.driver')}</label>
          <select
            id="cal-driver"
            value={driverUserId ?? ''}
            onChange={(e) =>
              send({ type: 'calendar.driver.chosen', driverUserId: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">{t('workCalendar.filter.allDrivers')}</option>
            {driverUserId !== null && !calendar?.drivers.some((d) => d.user_id === driverUserId) ? (
              <option value={driverUserId}>#{driverUserId}</option>
            ) : null}
            {(calendar?.drivers ?? []).map((d) => (
              <option key={d.user_id} value={d.user_id}>
                {d.active ? d.full_name : t('workCalendar.filter.inactiveDriver', { name: d.full_name })}
              </option>
            ))}
          </select>
        </div>
      </div>

      {failed ? (
        <div className="alert alert-danger cal-alert" role="alert" data-testid="calendar-failed">
          <p>
            {t('workCalendar.failed')}{' '}
            {failure ? failureText(intl, { kind: failure.kind, message: failure.message ?? '' }) : null}
          </p>
          <button type="button" className="button" onClick={() => send({ type: 'calendar.retried' })}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      <section
        className="cal-body"
        aria-labelledby="cal-period-label"
        aria-busy={loading}
        data-testid="calendar"
        data-view={view}
        data-from={range.from}
        data-to={range.to}
        data-loaded={!loading && !failed ? 'true' : 'false'}
      >
        {view === 'month' ? (
          <MonthGrid
            days={days}
            links={links}
            onMore={(date) => send({ type: 'calendar.day.chosen', date, view: 'week' })}
          />
        ) : (
          <WeekGrid days={days} hours={hoursOf(days)} links={links} />
        )}
        {!loading && !failed && !shownEntries ? (
          <p className="cal-empty muted" data-testid="calendar-empty">
            {t('workCalendar.empty')}
          </p>
        ) : null}
      </section>

      <section className="cal-legend" aria-labelledby="cal-legend-title" data-testid="calendar-legend">
        <h2 id="cal-legend-title" className="cal-legend-title">
          {t(colourByOf(snapshot) === 'driver' ? 'workCalendar.legend.byDriver' : 'workCalendar.legend.byVehicle')}
        </h2>
        <ul className="cal-legend-items">
          {legend.items.map((item) => (
            <li key={item.key}>
              <span className="cal-swatch" style={{ backgroundColor: item.colour }} aria-hidden="true" />
              {item.label}
            </li>
          ))}
          {legend.unassigned || legend.items.length === 0 ? (
            <li>
              <span className="cal-swatch" style={{ backgroundColor: UNASSIGNED_COLOUR }} aria-hidden="true" />
              {t(colourByOf(snapshot) === 'driver' ? 'workCalendar.legend.noDriver' : 'workCalendar.legend.noVehicle')}
            </li>
          ) : null}
        </ul>
      </section>

      {panel === 'preferences' ? (
        <PreferencesDialog onClose={closePreferences} onUnavailable={() => closePreferences(null)} />
      ) : null}
      {panel === 'feed' ? <FeedDialog onClose={closeFeed} onUnavailable={closeFeed} /> : null}
      {child === 'external' ? (
        <PrivateJobDialog
          {...(id ? { uuid: id } : { date: newJobDate })}
          onClose={closeChild}
          onUnavailable={() => closeChild(false)}
        />
      ) : null}
      {child === 'listing' && Number.isInteger(listingId) && listingId > 0 ? (
        <LazyJobSheetDialog
          listingId={listingId}
          onClose={() => closeChild(false)}
          onUnavailable={() => closeChild(false)}
        />
      ) : null}
      {child === 'recommended' ? (
        <LazyRecommendationSheet
          listingId={Number.isInteger(listingId) && listingId > 0 ? listingId : null}
          onClose={() => closeChild(false)}
          onUnavailable={() => closeChild(false)}
        />
      ) : null}
    </div>
  );
}
