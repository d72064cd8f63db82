/** Job category ids of spec §3: one list, the search schema's (see there why allocation_method is not one). */
export { SEARCH_CATEGORIES as JOB_CATEGORIES, type SearchCategory as JobCategory } from '@/schemas/search';

/** Statuses of a job still open on the marketplace (nobody has won it). */
export const OPEN_JOB_STATUSES = ['pending_allocation', 'click_and_claim'] as const;
/** Statuses of won work that is not finished yet. */
export const ACTIVE_WON_JOB_STATUSES = ['allocated', 'in_realisation'] as const;
