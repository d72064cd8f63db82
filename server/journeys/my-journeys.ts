import {
  MY_JOURNEYS_PAGE_SIZE,
  type MyJourney,
  type MyJourneysQuery,
  type MyJourneysResponse,
  type MyJourneyTab,
} from '@/schemas/my-journeys';
import type { CompletionOutcome } from '@/schemas/journey-status-code';
import type { Db } from '@/server/db/db';
import { journeyStatusCode, type JourneyState } from '@/server/journeys/journey-status';

/**
 * Which journeys each tab holds, as SQL (`j` the journey, `$1` the caller). Claimed and completed are the journeys
 * the caller holds or held (`journeys.provider_id`, kept on a cancelled or completed journey); interest is the
 * caller's interests in journeys nobody holds — open (pending, or expired once the first pickup passed) or
 * cancelled. An interest in a journey another partner was given is in no tab: that journey is theirs.
 */
const TAB_WHERE: Readonly<Record<MyJourneyTab, string>> = {
  claimed: `j.provider_id = $1 and j.status in ('allocated', 'cancelled')`,
  completed: `j.provider_id = $1 and j.status = 'completed'`,
  interest: `i.user_id = $1 and j.provider_id is null and j.status in ('open', 'cancelled')`,
};
const INTERESTS = 'journey_interests i join journeys j on j.id = i.journey_id';

/** Newest first by what the tab is about: the allocation, the interest, the completion. */
const TAB_ORDER: Readonly<Record<MyJourneyTab, string>> = {
  claimed: 'a.allocated_at desc nulls last, j.id desc',
  completed: 'j.completed_at desc nulls last, j.id desc',
  interest: 'i.expressed_at desc, j.id desc',
};

/** The journey's window: its first and last planned stops (a journey without stops keeps its first pickup). */
const WINDOW = `coalesce((select min(n.scheduled_at) from journey_nodes n where n.journey_id = j.id), j.first_pickup_at)
                  as window_start,
                coalesce((select max(n.scheduled_at) from journey_nodes n where n.journey_id = j.id), j.first_pickup_at)
                  as window_end`;
const JOURNEY_COLUMNS = `j.id, j.status, j.provider_id, j.first_pickup_at, j.completion_outcome, j.start_town,
                         j.end_town, j.stops, ${WINDOW}`;

/**
 * A held journey with its live allocation (a cancelled one keeps it): the pay of the journey and, when the partner
 * took the return leg, the return leg's; the allocation's vehicle and driver.
 */
const HELD_SELECT = `select ${JOURNEY_COLUMNS}, false as has_interest,
         j.tp_quote as pay, case when a.with_return then j.tp_quote_return end as pay_return,
         v.id as vehicle_id, v.registration_number, d.id as driver_id, d.full_name as driver_name
    from journeys j
    left join journey_allocations a
      on a.journey_id = j.id and a.provider_id = j.provider_id and a.deallocated_at is null
    left join vehicles v on v.id = a.provider_vehicle_id
    left join drivers d on d.id = a.driver_id`;

/** An interest: what the partner asked for the journey and its return leg, and the vehicle it offered. */
const INTEREST_SELECT = `select ${JOURNEY_COLUMNS}, true as has_interest,
         i.tp_quote as pay, i.tp_quote_return as pay_return,
         v.id as vehicle_id, v.registration_number, null::int as driver_id, null::text as driver_name
    from ${INTERESTS}
    left join vehicles v on v.id = i.provider_vehicle_id`;

interface Row {
  id: number;
  status: JourneyState;
  provider_id: number | null;
  first_pickup_at: Date;
  completion_outcome: CompletionOutcome | null;
  start_town: string;
  end_town: string;
  stops: number;
  window_start: Date;
  window_end: Date;
  has_interest: boolean;
  pay: number;
  pay_return: number | null;
  vehicle_id: number | null;
  registration_number: string | null;
  driver_id: number | null;
  driver_name: string | null;
}

const pageSql = (tab: MyJourneyTab): string =>
  `${tab === 'interest' ? INTEREST_SELECT : HELD_SELECT}
    where ${TAB_WHERE[tab]} order by ${TAB_ORDER[tab]} limit $2 offset $3`;

const rowJson = (row: Row, userId: number, now: Date): (typeof MyJourney.Encoded)[] => {
  const code = journeyStatusCode(
    {
      status: row.status,
      providerId: row.provider_id,
      firstPickupAt: row.first_pickup_at,
      completionOutcome: row.completion_outcome,
      hasInterest: row.has_interest,
    },
    userId,
    now,
  );
  // The tabs hold the caller's journeys only, which always have a code; one without is not the caller's to list.
  if (code === null) return [];
  return [
    {
      id: row.id,
      status_code: code,
      route: { start_town: row.start_town, end_town: row.end_town },
      window: { start: row.window_start.toISOString(), end: row.window_end.toISOString() },
      stops: row.stops,
      pay: { tp_quote: { amount: row.pay }, return: row.pay_return === null ? null : { amount: row.pay_return } },
      vehicle:
        row.vehicle_id === null ? null : { id: row.vehicle_id, registration_number: row.registration_number ?? '' },
      driver: row.driver_id === null ? null : { id: row.driver_id, full_name: row.driver_name ?? '' },
    },
  ];
};

/**
 * GET /v1/my-journeys: one page of the caller's journeys in a tab, and every tab's count. Two statements: the counts,
 * and the page (each row's status code decided by journeyStatusCode).
 */
export const loadMyJourneys = async (
  db: Db,
  userId: number,
  query: MyJourneysQuery,
  now: Date,
): Promise<typeof MyJourneysResponse.Encoded> => {
  const [counted, page] = await Promise.all([
    db.query<{ claimed: number; interest: number; completed: number }>(
      `select (select count(*)::int from journeys j where ${TAB_WHERE.claimed}) as claimed,
              (select count(*)::int from ${INTERESTS} where ${TAB_WHERE.interest}) as interest,
              (select count(*)::int from journeys j where ${TAB_WHERE.completed}) as completed`,
      [userId],
    ),
    db.query<Row>(pageSql(query.tab), [userId, MY_JOURNEYS_PAGE_SIZE, (query.page - 1) * MY_JOURNEYS_PAGE_SIZE]),
  ]);
  const counts = counted.rows[0] ?? { claimed: 0, interest: 0, completed: 0 };
  return {
    data: page.rows.flatMap((row) => rowJson(row, userId, now)),
    meta: { tab: query.tab, page: query.page, page_size: MY_JOURNEYS_PAGE_SIZE, total: counts[query.tab], counts },
  };
};
