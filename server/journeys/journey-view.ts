import type {
  AllocationDetails,
  CustomerDetailsState,
  JourneyActions,
  JourneyDriver,
  JourneyListing,
  JourneyListingResponse,
  JourneyNode,
  JourneyResponse,
} from '@/schemas/journey';
import type { Db } from '@/server/db/db';
import type { CompletionOutcome } from '@/schemas/journey-status-code';
import { canCancelInterest, coarse } from '@/server/journeys/journey-rules';
import { journeyStatusCode, type JourneyState } from '@/server/journeys/journey-status';
import { eligibilityFor, loadPartnerFleet, type PartnerFleet } from '@/server/journeys/partner-fleet';
import { outwardCode } from '@/server/search/listing-row';
import { londonDate } from '@/server/time/london';

/** A journey with its live allocation, if any (migration 0004). */
export interface JourneyRow {
  id: number;
  status: JourneyState;
  allocation_method: 'CLICK_AND_CLAIM' | 'EXPRESS_INTEREST';
  category: string;
  first_pickup_at: Date;
  start_town: string;
  end_town: string;
  volume_m3: number;
  distance_m: number;
  stops: number;
  tp_quote: number;
  tp_quote_return: number | null;
  provider_id: number | null;
  completed_at: Date | null;
  /** How a completed journey ended for the pay (migration 0018). */
  completion_outcome: CompletionOutcome | null;
  allocation_id: number | null;
  provider_vehicle_id: number | null;
  driver_id: number | null;
  driver_confirmed_at: Date | null;
  method: 'CLICK_AND_CLAIM' | 'EXPRESS_INTEREST' | null;
  with_return: boolean | null;
  allocated_at: Date | null;
}

export const loadJourneyRow = async (db: Db, id: number): Promise<JourneyRow | null> => {
  const { rows } = await db.query<JourneyRow>(
    `select j.id, j.status, j.allocation_method, j.category, j.first_pickup_at, j.start_town, j.end_town,
            j.volume_m3, j.distance_m, j.stops, j.tp_quote, j.tp_quote_return, j.provider_id, j.completed_at,
            j.completion_outcome, a.id as allocation_id, a.provider_vehicle_id, a.driver_id, a.driver_confirmed_at, a.method,
            a.with_return, a.allocated_at
       from journeys j
       left join journey_allocations a on a.journey_id = j.id and a.deallocated_at is null
      where j.id = $1`,
    [id],
  );
  return rows[0] ?? null;
};

/** Who may read a journey: anyone while it is open, else only the partner holding it (spec §8 text otherwise). */
export const isVisibleTo = (journey: JourneyRow, userId: number): boolean =>
  journey.provider_id === userId || (journey.status === 'open' && journey.provider_id === null);

/**
 * Who may read a journey on its page: isVisibleTo, and a partner whose interest waited on it when it was cancelled
 * (nobody holds it), so that the partner's journeys list can open it.
 */
const mayRead = async (db: Db, journey: JourneyRow, userId: number): Promise<boolean> =>
  isVisibleTo(journey, userId) ||
  (journey.status === 'cancelled' &&
    journey.provider_id === null &&
    (await loadInterest(db, journey.id, userId)) !== null);

/** Whether the journey is open for claims and interest now. */
export const isOpen = (journey: JourneyRow, now: Date): boolean =>
  journey.status === 'open' && journey.provider_id === null && journey.first_pickup_at.getTime() > now.getTime();

/**
 * Spec §6: customer details hidden before allocation, shown to the allocated partner, removed after completion (and
 * after a cancellation: the partner will not meet those customers).
 */
export const customerDetailsState = (journey: JourneyRow, userId: number): CustomerDetailsState => {
  if (journey.provider_id !== userId) return 'hidden_until_allocation';
  return journey.status === 'completed' || journey.status === 'cancelled' ? 'removed' : 'shown';
};

interface NodeRow {
  id: number;
  action: JourneyNode['action'];
  sort_order: number;
  town: string;
  postcode: string | null;
  address_line: string | null;
  lat: number;
  lng: number;
  scheduled_at: Date;
  journey_job_id: number | null;
  private_job_id: string | null;
  deactivated_at: Date | null;
}

interface JobRow {
  id: number;
  category: string;
  volume_m3: number;
  special_requirements: string | null;
  customer_name: string | null;
  customer_phone: string | null;
}

interface InterestRow {
  id: number;
  provider_vehicle_id: number;
  tp_quote: number;
  tp_quote_return: number | null;
}

const loadNodes = (db: Db, journeyId: number) =>
  db
    .query<NodeRow>(
      `select id, action, sort_order, town, postcode, address_line, lat, lng, scheduled_at, journey_job_id,
              private_job_id, deactivated_at
         from journey_nodes where journey_id = $1 order by sort_order`,
      [journeyId],
    )
    .then((r) => r.rows);

const loadJobs = (db: Db, journeyId: number) =>
  db
    .query<JobRow>(
      `select id, category, volume_m3, special_requirements, customer_name, customer_phone
         from journey_jobs where journey_id = $1 order by id`,
      [journeyId],
    )
    .then((r) => r.rows);

const loadInterest = (db: Db, journeyId: number, userId: number) =>
  db
    .query<InterestRow>(
      'select id, provider_vehicle_id, tp_quote, tp_quote_return from journey_interests where journey_id = $1 and user_id = $2',
      [journeyId, userId],
    )
    .then((r) => r.rows[0] ?? null);

const loadDriver = (db: Db, journey: JourneyRow): Promise<typeof JourneyDriver.Encoded | null> =>
  journey.driver_id === null
    ? Promise.resolve(null)
    : db
        .query<{ id: number; full_name: string; phone: string; email: string }>(
          'select id, full_name, phone, email from drivers where id = $1',
          [journey.driver_id],
        )
        .then(({ rows }) => {
          const driver = rows[0];
          if (!driver) return null;
          return {
            id: driver.id,
            user_id: driver.id,
            full_name: driver.full_name,
            phone: driver.phone,
            email: driver.email,
            confirmed: journey.driver_confirmed_at !== null,
          };
        });

const countActiveDrivers = (db: Db, userId: number) =>
  db
    .query<{ n: number }>('select count(*)::int as n from drivers where user_id = $1 and active', [userId])
    .then((r) => r.rows[0]?.n ?? 0);

const nodeJson = (node: NodeRow, details: CustomerDetailsState): typeof JourneyNode.Encoded => {
  const shown = details === 'shown';
  return {
    id: node.id,
    action: node.action,
    sortOrder: node.sort_order,
    place: {
      lat: shown ? node.lat : coarse(node.lat),
      lng: shown ? node.lng : coarse(node.lng),
      town: node.town,
      short_postcode: outwardCode(node.postcode),
      postcode: shown ? node.postcode : null,
      address: shown && node.address_line ? `${node.address_line}, ${node.town} ${node.postcode ?? ''}`.trim() : null,
    },
    listingId: node.journey_job_id,
    privateJobId: node.private_job_id,
    deactivatedAt: node.deactivated_at?.toISOString() ?? null,
    scheduledAt: node.scheduled_at.toISOString(),
  };
};

const listingJson = (
  job: JobRow,
  journeyId: number,
  nodes: readonly NodeRow[],
  details: CustomerDetailsState,
): typeof JourneyListing.Encoded => {
  const own = nodes.filter((n) => n.journey_job_id === job.id);
  const pickups = own.filter((n) => n.action === 'pickup').map((n) => n.scheduled_at.getTime());
  const deliveries = own.filter((n) => n.action === 'delivery').map((n) => n.scheduled_at.getTime());
  const pickupAt = new Date(pickups.length > 0 ? Math.min(...pickups) : 0);
  const deliveredAt = new Date(deliveries.length > 0 ? Math.max(...deliveries) : pickupAt.getTime());
  return {
    listing_id: job.id,
    journey_id: journeyId,
    type: job.category as JourneyListing['type'],
    pickup: { date_start: pickupAt.toISOString() },
    date: londonDate(deliveredAt),
    volume_m3: job.volume_m3,
    special_requirements: job.special_requirements,
    customer:
      details === 'shown' && job.customer_name !== null && job.customer_phone !== null
        ? { name: job.customer_name, phone: job.customer_phone }
        : null,
  };
};

const allocationDetailsOf = (
  journey: JourneyRow,
  userId: number,
  interest: InterestRow | null,
  now: Date,
): typeof AllocationDetails.Encoded | null => {
  const money = (amount: number | null) => (amount === null ? null : { amount });
  // a cancelled journey has no allocation to act on any more (spec §4 "undefined"), whoever held it
  if (journey.status === 'cancelled') return null;
  if (journey.provider_id === userId)
    return {
      status: 'ALLOCATED',
      allocationMethod: journey.method ?? journey.allocation_method,
      providerId: userId,
      providerVehicleId: journey.provider_vehicle_id,
      tpQuote: { amount: journey.tp_quote },
      tpQuoteReturn: journey.with_return ? money(journey.tp_quote_return) : null,
      allocatedAt: journey.allocated_at?.toISOString() ?? null,
    };
  if (!isOpen(journey, now)) return null;
  if (interest)
    return {
      status: 'UNALLOCATED',
      allocationMethod: 'EXPRESSED_INTEREST',
      providerId: null,
      providerVehicleId: interest.provider_vehicle_id,
      tpQuote: { amount: interest.tp_quote },
      tpQuoteReturn: money(interest.tp_quote_return),
      allocatedAt: null,
    };
  return {
    status: 'UNALLOCATED',
    allocationMethod: journey.allocation_method,
    providerId: null,
    providerVehicleId: null,
    tpQuote: { amount: journey.tp_quote },
    tpQuoteReturn: money(journey.tp_quote_return),
    allocatedAt: null,
  };
};

const actionsOf = (
  journey: JourneyRow,
  fleet: PartnerFleet,
  interest: InterestRow | null,
  activeDrivers: number,
  now: Date,
): JourneyActions => {
  const { eligible, reason } = eligibilityFor(fleet, journey.volume_m3);
  const open = isOpen(journey, now);
  const holds = journey.provider_id === fleet.userId && journey.status === 'allocated';
  return {
    eligible,
    reason,
    work: fleet.work,
    express_interest: open && journey.allocation_method === 'EXPRESS_INTEREST' && eligible && interest === null,
    cancel_interest: open && interest !== null && canCancelInterest(journey.first_pickup_at, now),
    // changing the interest needs what expressing it needs (eligible), and the same deadline as cancelling it
    edit_interest: open && interest !== null && eligible && canCancelInterest(journey.first_pickup_at, now),
    click_and_claim: open && journey.allocation_method === 'CLICK_AND_CLAIM' && eligible,
    allocate_driver: holds && activeDrivers > 0,
    allocate_driver_real: holds && (activeDrivers > 0 || journey.driver_id !== null),
    deallocate_driver: holds && journey.first_pickup_at.getTime() > now.getTime(),
  };
};

const journeyJson = (
  journey: JourneyRow,
  nodes: readonly NodeRow[],
  jobs: readonly JobRow[],
  details: CustomerDetailsState,
): (typeof JourneyResponse.Encoded)['journey'] => ({
  id: journey.id,
  status: journey.status,
  category: journey.category as JourneyListing['type'],
  first_pickup_at: journey.first_pickup_at.toISOString(),
  start_town: journey.start_town,
  end_town: journey.end_town,
  volume_m3: journey.volume_m3,
  distance_m: journey.distance_m,
  stops: journey.stops,
  tp_quote: { amount: journey.tp_quote },
  tp_quote_return: journey.tp_quote_return === null ? null : { amount: journey.tp_quote_return },
  completed_at: journey.completed_at?.toISOString() ?? null,
  customer_details: details,
  nodes: nodes.map((node) => nodeJson(node, details)),
  listings: jobs.map((job) => listingJson(job, journey.id, nodes, details)),
});

/**
 * GET /ts/public/find-work/v1/journeys/{id} as `userId` sees it, or null when that partner may not see it (another
 * partner holds it, or there is no such journey). Also the answer of the claim and driver calls.
 */
export const loadJourneyView = async (
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<typeof JourneyResponse.Encoded | null> => {
  const journey = await loadJourneyRow(db, id);
  if (!journey || !(await mayRead(db, journey, userId))) return null;
  const details = customerDetailsState(journey, userId);
  const [nodes, jobs, interest, driver, fleet, activeDrivers] = await Promise.all([
    loadNodes(db, id),
    loadJobs(db, id),
    journey.status === 'open' ? loadInterest(db, id, userId) : Promise.resolve(null),
    journey.provider_id === userId ? loadDriver(db, journey) : Promise.resolve(null),
    loadPartnerFleet(db, userId, now),
    journey.provider_id === userId ? countActiveDrivers(db, userId) : Promise.resolve(0),
  ]);
  const statusCode = journeyStatusCode(
    {
      status: journey.status,
      providerId: journey.provider_id,
      firstPickupAt: journey.first_pickup_at,
      completionOutcome: journey.completion_outcome,
      hasInterest: interest !== null,
    },
    userId,
    now,
  );
  return {
    journey: journeyJson(journey, nodes, jobs, details),
    allocationDetails: allocationDetailsOf(journey, userId, interest, now),
    driver,
    actions: actionsOf(journey, fleet, interest, activeDrivers, now),
    ...(statusCode === null ? {} : { status_code: statusCode }),
  };
};

/**
 * GET /ts/public/find-work/v1/journeys/{journeyId}/listings/{listingId}: `'journey'` when the journey is not
 * visible, `'listing'` when the listing is not on it.
 */
export const loadJourneyListingView = async (
  db: Db,
  userId: number,
  journeyId: number,
  listingId: number,
): Promise<typeof JourneyListingResponse.Encoded | 'journey' | 'listing'> => {
  const journey = await loadJourneyRow(db, journeyId);
  if (!journey || !(await mayRead(db, journey, userId))) return 'journey';
  const [nodes, jobs] = await Promise.all([loadNodes(db, journeyId), loadJobs(db, journeyId)]);
  const job = jobs.find((j) => j.id === listingId);
  if (!job) return 'listing';
  const details = customerDetailsState(journey, userId);
  return {
    listingId: job.id,
    journeyId: journey.id,
    listing: listingJson(job, journey.id, nodes, details),
    nodes: nodes.filter((n) => n.journey_job_id === job.id).map((n) => nodeJson(n, details)),
  };
};
