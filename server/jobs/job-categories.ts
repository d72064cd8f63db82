/**
 * Job category ids of spec §3. The spec's list also carries `allocation_method`, which is the allocation-method
 * filter (click_and_claim / express_interest) sharing the category filter bar, not a kind of goods: jobs store it in
 * their own `allocation_method` column, so it is not a category here.
 */
export const JOB_CATEGORIES = [
  'general_goods_move',
  'house_move',
  'vehicle_move',
  'piano',
  'motorcycles',
  'hourly_rate',
  'specialist_move',
  'boat_move',
  'freight_move',
  'industrial_move',
  'livestock_move',
  'vehicle-parts',
  'clearance',
  'office_move',
  'parcels',
  'man_power_only',
  'ebay',
  'other',
  'journey_vehicle_move',
  'journey_general_goods_move',
  'virtual_journey_car',
  'virtual_journey_furniture',
  'antiques',
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

/** Statuses of a job still open on the marketplace (nobody has won it). */
export const OPEN_JOB_STATUSES = ['pending_allocation', 'click_and_claim'] as const;
/** Statuses of won work that is not finished yet. */
export const ACTIVE_WON_JOB_STATUSES = ['allocated', 'in_realisation'] as const;
