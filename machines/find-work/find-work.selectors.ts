import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { savedSearchMachine } from '@/machines/saved-search/saved-search.machine';
import { filterCount, hasPlaceText, FULL_CAPACITY } from './find-work.criteria';
import type { findWorkMachine } from './find-work.machine';

type Snapshot = SnapshotFrom<typeof findWorkMachine>;

export const isStarting = (s: Snapshot) => s.matches('starting');
export const form = (s: Snapshot) => s.context.form;
export const formErrors = (s: Snapshot) => s.context.errors;
export const recentPlaces = (s: Snapshot) => s.context.recent;
export const activeTab = (s: Snapshot) => s.context.activeTab;
export const activeTabState = (s: Snapshot) => s.context.tabs[s.context.activeTab];
export const tabCounts = (s: Snapshot) => s.context.tabCounts;
export const takenKeys = (s: Snapshot) => s.context.taken;
export const lastError = (s: Snapshot) => s.context.lastError;
/** Spec §5: the search button works once a from or to place text is entered. */
export const canSubmit = (s: Snapshot) => hasPlaceText(s.context.form) && !s.matches('starting');
/** The first page of a search or of a tab is on its way. */
export const isSearching = (s: Snapshot) => s.matches({ ready: { results: 'searching' } });
export const isLoadingMore = (s: Snapshot) => s.matches({ ready: { results: 'loadingMore' } });
export const hasSearched = (s: Snapshot) => s.context.submitted !== null;
export const firstSearchFailed = (s: Snapshot) => s.matches({ ready: { results: 'failed' } });
export const areCountsLoading = (s: Snapshot) => s.matches({ ready: { counts: 'loading' } });
/** The search the lists show (the map centres on its pickup place). */
export const submittedForm = (s: Snapshot) => s.context.submitted;
export const activeFilterCount = (s: Snapshot) =>
  filterCount(s.context.form, s.context.tabs[s.context.activeTab].toggles, s.context.activeTab);
export const activeCapacityRange = (s: Snapshot) => FULL_CAPACITY[s.context.activeTab];
/** The saved-search control the machine runs once set up (typed: XState types invoked children loosely). */
export const savedSearchActor = (s: Snapshot) => s.children.savedSearch as SavedSearchActorRef | undefined;

export type SavedSearchActorRef = ActorRefFrom<typeof savedSearchMachine>;
