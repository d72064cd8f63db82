import { useActorRef, useSelector } from '@xstate/react';
import { lazy, memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { currentUser } from '@/machines/auth/auth.selectors';
import { createRequestMachine } from '@/machines/request/request.machine';
import { dataOf } from '@/machines/request/request.selectors';
import { findWorkMachine, type FindWorkActorRef } from '@/machines/find-work/find-work.machine';
import {
  activeTab,
  activeTabState,
  firstSearchFailed,
  hasSearched,
  isLoadingMore,
  isSearching,
  isStarting,
  savedSearchActor,
  submittedForm,
  tabCounts,
  takenKeys,
} from '@/machines/find-work/find-work.selectors';
import { TABS, type FindWorkInput, type TabId } from '@/machines/find-work/find-work.types';
import type { JourneyId } from '@/schemas/journey';
import type { WorkEligibility } from '@/schemas/work-eligibility';
import type { ListingId } from '@/schemas/search';
import { fetchOnboardingStatus } from '@/src/api/partner-overview';
import { inspect } from '@/src/app/inspection';
import { useAuthActor, useToasts } from '@/src/app/root-actors';
import { useSession } from '@/src/app/session-scope';
import { useDeferred } from '@/src/app/use-deferred';
import { lazyPart, PartFailed } from '@/src/app/lazy-part';
import { PageLoading } from '@/src/app/page-states';
import { FallbackBoundary } from '@/src/components/fallback-boundary';
import { TabPanel, Tabs } from '@/src/components/tabs';
import { WhenNearViewport } from '@/src/components/near-viewport';
import { DISPLAY_TIME_ZONE } from '@/src/format/locale-codes';
import { OnboardingNoticePanel } from '@/src/pages/terms/onboarding-notice-panel';
import { FilterBar } from './filter-bar';
import { SavedSearches } from './saved-searches';
import { SearchForm } from './search-form';
import { useJourneySelection, type JourneySelection } from './use-journey-selection';
import './find-work.css';
import { failureText } from '@/src/format/failure-text';

/** MapLibre is large: it loads with this page only, after the list. */
const ResultsMap = lazy(() => import('./map/results-map'));

/** What stands between the partner and work, read afresh on each visit (GET /v1/onboarding-status). */
const onboardingMachine = createRequestMachine('onboardingNotice', fetchOnboardingStatus);

/** No journey ticked (a stable value, for the tabs without a selection). */
const NO_JOURNEYS: readonly JourneyId[] = [];

/**
 * The feed (the virtualiser and the cards, about 13 KB) shows nothing before the first results, so it is not on the
 * page's first load: its code is asked for when the first search starts, beside the search's request.
 */
const ResultsList = lazyPart(() => import('./results-list').then((m) => m.ResultsList));

/**
 * Find work (spec §2 /find-work): the search form, saved searches, the four tabs with their counts, filter bars
 * and lists, and the map. The find-work machine decides everything; this page renders its state.
 */
export default function FindWorkPage() {
  const user = useSelector(useAuthActor(), currentUser);
  const session = useSession();
  const fakeDate = useSelector(session!.appInit, (s) => s.context.init?.fake_date ?? null);
  if (!user) return null;
  const input: FindWorkInput = {
    userId: user.id,
    homeHasPoint: user.registered_address?.lat != null && user.registered_address.lon != null,
    today: fakeDate ?? Temporal.Now.plainDateISO(DISPLAY_TIME_ZONE).toString(),
  };
  return <FindWork input={input} userWork={user.work ?? null} />;
}

function FindWork({ input, userWork }: { input: FindWorkInput; userWork: WorkEligibility | null }) {
  const intl = useIntl();
  const toasts = useToasts();
  const findWork = useActorRef(findWorkMachine, { inspect, input });
  // Whether the partner may take work (spec §6), the server's decision: from the onboarding status read now, and from
  // user-info until that answers. A partner who may not work is told why, and gets no journey ticks.
  const onboarding = useActorRef(onboardingMachine, { inspect });
  const work = useSelector(onboarding, dataOf)?.work ?? userWork;
  const mayWork = work?.may_work !== false;
  // The page's first full render (the form, the saved searches, the tabs) and each new set of results are React's
  // largest pieces of work here. A machine update reaches React through useSyncExternalStore, which renders at once,
  // in one task; deferred, React renders them in slices between frames, and a phone stays responsive meanwhile.
  const starting = useDeferred(useSelector(findWork, isStarting), true);
  const saved = useSelector(findWork, savedSearchActor);

  // Spec §8: a failed search, count or saved-search call is a danger toast with the error text.
  useEffect(() => {
    const sub = findWork.on('request.failed', (e) =>
      toasts.send({
        type: 'toast.shown',
        tone: 'danger',
        title: intl.formatMessage({ id: `findWork.failed.${e.what}` }),
        text: failureText(intl, e),
      }),
    );
    return () => sub.unsubscribe();
  }, [findWork, toasts, intl]);
  useEffect(() => {
    if (!saved) return;
    const subs = [
      saved.on('saved-search.failed', (e) =>
        toasts.send({
          type: 'toast.shown',
          tone: 'danger',
          title: intl.formatMessage({ id: `savedSearch.failed.${e.what}` }),
          text: failureText(intl, e),
        }),
      ),
      saved.on('saved-search.saved', (e) =>
        toasts.send({
          type: 'toast.shown',
          tone: 'success',
          title: intl.formatMessage({ id: 'savedSearch.saved' }, { name: e.name }),
        }),
      ),
      saved.on('saved-search.deleted', (e) =>
        toasts.send({
          type: 'toast.shown',
          tone: 'success',
          title: intl.formatMessage({ id: 'savedSearch.deleted' }, { name: e.name }),
        }),
      ),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [saved, toasts, intl]);

  if (starting) return <PageLoading />;
  return (
    <div className="find-work">
      <header className="page-header">
        <h1>{intl.formatMessage({ id: 'findWork.title' })}</h1>
      </header>
      <OnboardingNoticePanel work={work} />
      <div className="find-work-top">
        <SearchForm actor={findWork} />
        {saved ? <SavedSearches saved={saved} findWork={findWork} /> : null}
      </div>
      <ResultTabs findWork={findWork} mayWork={mayWork} />
    </div>
  );
}

/**
 * The four tabs with their counts, the panel of the tab in view, and the map beside it.
 * - This part renders again only when the tab changes; the counts, the panel's content and the map follow the machine
 *   by themselves. (Rendered by the page, every search update rendered the form, the saved searches and the tabs
 *   again.)
 * - One map for all four tabs: it shows the listings of the tab in view. (Inside each tab's panel, every change of tab
 *   built MapLibre again, its shaders included.)
 * Measured, five changes of tab with their searches (Chromium traces on this machine, 2026-11-22): on a wide screen,
 * 498 to 566 ms of main-thread time against 1,158 to 1,192 before, and 104 to 131 ms over 12.5 ms a task against 212
 * to 250; on a phone, where the map waits under the feed, 541 to 611 ms against 697 to 781.
 */
const ResultTabs = memo(function ResultTabs({ findWork, mayWork }: { findWork: FindWorkActorRef; mayWork: boolean }) {
  const intl = useIntl();
  const tab = useSelector(findWork, activeTab);
  // journeys ticked on the journey tab for one expression of interest (spec §5: up to 6 at once); held here, above
  // the panels, so the ticks outlive a change of tab. None for a partner who may not take work (the notice says why).
  const journeySelection = useJourneySelection(tab === 'journey' && mayWork);
  const selection = mayWork ? journeySelection : null;
  const panels = useCallback(
    (onHover: (id: ListingId | null) => void) =>
      TABS.map((id) => (
        <TabPanel key={id} id={id}>
          <ResultsPanel findWork={findWork} selection={id === 'journey' ? selection : null} onHover={onHover} />
        </TabPanel>
      )),
    [findWork, selection],
  );
  const map = useCallback(
    (highlighted: ListingId | null) => <ResultsMapColumn findWork={findWork} highlighted={highlighted} />,
    [findWork],
  );
  return (
    <Tabs
      className="result-tabs"
      label={intl.formatMessage({ id: 'findWork.tabs' })}
      tabs={TABS.map((id) => ({
        id,
        label: (
          <>
            {intl.formatMessage({ id: `tab.${id}` })}
            <TabCount findWork={findWork} tab={id} />
          </>
        ),
      }))}
      selected={tab}
      onSelect={(id) => findWork.send({ type: 'tab.selected', tab: id })}
    >
      <ResultsLayout column={panels} map={map} />
    </Tabs>
  );
});

function TabCount({ findWork, tab }: { findWork: FindWorkActorRef; tab: TabId }) {
  const count = useSelector(findWork, (s) => tabCounts(s)?.[tab] ?? null);
  return count === null ? null : (
    <span className="tab-count" data-testid={`tab-count-${tab}`}>
      {count}
    </span>
  );
}

/** One tab's filter bar and results. */
function ResultsPanel({
  findWork,
  selection,
  onHover,
}: {
  findWork: FindWorkActorRef;
  /** The journey tab's selection of journeys; null on the other tabs. */
  selection: JourneySelection | null;
  onHover: (id: ListingId | null) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSelector(findWork, activeTabState);
  const searching = useSelector(findWork, isSearching);
  const loadingMore = useSelector(findWork, isLoadingMore);
  const searched = useSelector(findWork, hasSearched);
  const failed = useSelector(findWork, firstSearchFailed);
  const taken = useSelector(findWork, takenKeys);
  const ready = selection?.status === 'ready' ? selection : null;
  const selected = useSelector(ready?.actor, (s) => (s && ready ? ready.part.selectedIds(s) : NO_JOURNEYS));
  const toggleJourney = useCallback(
    (id: ListingId) => ready?.actor.send({ type: 'journey.toggled', id: id as number as JourneyId }),
    [ready],
  );
  const endReached = useCallback(() => findWork.send({ type: 'list.endReached' }), [findWork]);
  const rows = useDeferredValue(state.rows);
  // Rows that arrived and are still being rendered: the list waits for them behind the loading state.
  const rowsPending = rows !== state.rows && rows.length === 0;
  useEffect(() => {
    if (searching) ResultsList.preload();
  }, [searching]);
  // The journey tab's cards have their ticks: its list waits for the selection's code (fetched beside the search).
  // If that code cannot be fetched, the journeys show without ticks, under the notice and its retry.
  const listWaits = selection?.status === 'loading';

  return (
    <>
      <FilterBar actor={findWork} />
      {ready ? <ready.part.JourneySelectionBar selection={ready.actor} /> : null}
      {selection?.status === 'failed' ? <PartFailed onRetry={selection.retry} /> : null}
      <div className="results-column" aria-busy={searching}>
        {searched && state.total !== null ? (
          <p className="results-summary" role="status" data-testid="results-total">
            {t('findWork.total', { count: state.total })}
          </p>
        ) : null}
        {(searching && state.rows.length === 0) || rowsPending || (listWaits && rows.length > 0) ? (
          <PageLoading />
        ) : null}
        {failed ? (
          <div className="alert alert-danger" role="alert">
            <p>{t('findWork.failed.search')}</p>
            <button type="button" className="button" onClick={() => findWork.send({ type: 'search.retried' })}>
              {t('app.retry')}
            </button>
          </div>
        ) : null}
        {!searched && !searching && !failed ? <p className="muted">{t('findWork.start')}</p> : null}
        {searched && state.page > 0 && state.rows.length === 0 ? (
          <p className="empty-results">{t('findWork.none')}</p>
        ) : null}
        {rows.length > 0 && !listWaits ? (
          <ResultsList
            rows={rows}
            total={state.total}
            taken={taken}
            loadingMore={loadingMore}
            complete={state.complete}
            onEndReached={endReached}
            onHover={onHover}
            {...(ready ? { selected, onToggleSelect: toggleJourney } : {})}
          />
        ) : null}
      </div>
    </>
  );
}

/** The map of the tab in view's listings, around the searched pickup place. */
function ResultsMapColumn({ findWork, highlighted }: { findWork: FindWorkActorRef; highlighted: ListingId | null }) {
  const intl = useIntl();
  const rows = useDeferredValue(useSelector(findWork, activeTabState).rows);
  const submitted = useSelector(findWork, submittedForm);
  const pickup = submitted?.pickup
    ? { lat: submitted.pickup.lat, lon: submitted.pickup.lon, radiusMiles: submitted.pickupRadius }
    : null;
  return (
    // MapLibre, the page's heaviest part, loads when its column comes near the viewport: at once on a wide screen,
    // only when the partner scrolls down to it on a phone, where it sits under the feed.
    <FallbackBoundary
      fallback={<p className="map-column map-failed muted">{intl.formatMessage({ id: 'findWork.map.failed' })}</p>}
    >
      <WhenNearViewport className="map-column" fallback={<div className="map-fallback" />}>
        <ResultsMap
          listings={rows}
          pickup={pickup}
          highlightedId={highlighted}
          label={intl.formatMessage({ id: 'findWork.map' })}
        />
      </WhenNearViewport>
    </FallbackBoundary>
  );
}

/**
 * The results column and the map beside it, with the card under the pointer or focus (view state: the map draws its
 * route). Hovering a card changes only this: the column is remembered while the page hands in the same one, so a
 * hover redraws the map's line and nothing else. (Held by the page, every mouseenter and mouseleave rendered the
 * whole page again: 4 to 7 long tasks of up to 88 ms for 15 cards, desktop at a quarter of the CPU, map left out.)
 */
function ResultsLayout({
  column,
  map,
}: {
  column: (onHover: (id: ListingId | null) => void) => ReactNode;
  map: (highlighted: ListingId | null) => ReactNode;
}) {
  const [highlighted, setHighlighted] = useState<ListingId | null>(null);
  const shownColumn = useMemo(() => column(setHighlighted), [column]);
  return (
    <div className="results-layout">
      {shownColumn}
      {map(highlighted)}
    </div>
  );
}
