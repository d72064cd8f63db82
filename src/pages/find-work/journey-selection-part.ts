/**
 * What find work's journey tab adds for ticking several journeys (spec §5): the selection's machine, its selector and
 * its bar, with the journeys' schemas and API they bring. Loaded when the journey tab is first shown
 * (use-journey-selection.ts), not with the page.
 */
export { journeySelectionMachine } from '@/machines/journey-selection/journey-selection.machine';
export { selectedIds } from '@/machines/journey-selection/journey-selection.selectors';
export { JourneySelectionBar } from '@/src/pages/journey/journey-selection-bar';
