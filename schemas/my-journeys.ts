import { Effect, Schema } from 'effect';
import { NonNegativeInt, says } from './common';
import { JourneyId } from './journey';
import { JourneyStatusCode } from './journey-status-code';
import { Money } from './money';

/**
 * The signed-in partner's journeys (spec §2 `/journey/{id?}` without an id; spec §4 journey-type IP_ codes): the
 * journeys it claimed or was given, those it expressed interest in, and those it completed, a page of one tab at a
 * time with every tab's count. Decoded by the server (the query) and the portal (the answer). Instants are ISO 8601
 * UTC; money is minor units (pence) in `{ amount }`.
 *
 *   GET /v1/my-journeys?tab=claimed|interest|completed&page=N   MyJourneysQuery → MyJourneysResponse
 *
 * A partner sees only its own journeys: another partner's allocation or interest never appears, and an interest in a
 * journey since given to someone else leaves the list (that journey is no longer the partner's to read). Bad input is
 * 422 `messages.validation` with `errors` by field.
 */

/** Rows per page (spec §9's page size). */
export const MY_JOURNEYS_PAGE_SIZE = 20;

/**
 * The tabs: `claimed` — journeys allocated to the partner (claimed, or given for its interest), to carry out or under
 * way, and those cancelled while it held them; `interest` — journeys the partner expressed interest in that nobody
 * holds: pending, expired (the first pickup passed) or cancelled; `completed` — journeys it carried out.
 */
export const MY_JOURNEY_TABS = ['claimed', 'interest', 'completed'] as const;
export const MyJourneyTab = Schema.Literals(MY_JOURNEY_TABS).annotate(
  says(`The tab is one of ${MY_JOURNEY_TABS.join(', ')}`),
);
export type MyJourneyTab = typeof MyJourneyTab.Type;

const PAGE_MESSAGE = 'page must be a whole number from 1';

/** The query: `tab` (default claimed) and `page` from 1 (default 1). A page past the last answers no rows. */
export const MyJourneysQuery = Schema.Struct({
  tab: MyJourneyTab.pipe(Schema.withDecodingDefaultKey(Effect.succeed('claimed' as const))),
  page: Schema.NumberFromString.pipe(Schema.annotateEncoded(says(PAGE_MESSAGE)))
    .check(
      Schema.isInt(says(PAGE_MESSAGE)).abort(),
      Schema.isBetween({ minimum: 1, maximum: 100_000 }, says(PAGE_MESSAGE)),
    )
    .pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(1))),
});
export type MyJourneysQuery = typeof MyJourneysQuery.Type;

/**
 * One of the partner's journeys.
 * - `route`: the towns it starts and ends in; `stops`: its pickups and deliveries.
 * - `window`: the planned times of its first and last stops (its start and end nodes), the day it runs.
 * - `pay`: for a journey the partner holds or held, the journey's pay and, when it took the return leg, the return
 *   leg's (else null); for an interest, what the partner asked for the journey and its return leg.
 * - `vehicle`: the vehicle of the allocation, or the one the interest offers. `driver`: the driver on the journey, or
 *   null (none yet, or an interest).
 * - `status_code`: where it stands for the partner (schemas/journey-status-code.ts), decided by the server.
 */
export const MyJourney = Schema.Struct({
  id: JourneyId,
  status_code: JourneyStatusCode,
  route: Schema.Struct({ start_town: Schema.String, end_town: Schema.String }),
  window: Schema.Struct({ start: Schema.String, end: Schema.String }),
  stops: NonNegativeInt,
  pay: Schema.Struct({ tp_quote: Money, return: Schema.NullOr(Money) }),
  vehicle: Schema.NullOr(Schema.Struct({ id: Schema.Number, registration_number: Schema.String })),
  driver: Schema.NullOr(Schema.Struct({ id: Schema.Number, full_name: Schema.String })),
});
export type MyJourney = typeof MyJourney.Type;

/** How many journeys each tab holds. */
export const MyJourneyCounts = Schema.Struct({
  claimed: NonNegativeInt,
  interest: NonNegativeInt,
  completed: NonNegativeInt,
});
export type MyJourneyCounts = typeof MyJourneyCounts.Type;

/**
 * GET /v1/my-journeys: one page of one tab, newest first by what matters in it — claimed by when the partner was
 * allocated, interest by when it was expressed, completed by when the journey was completed (then the newest id).
 * `meta.total` is the tab's count.
 */
export const MyJourneysResponse = Schema.Struct({
  data: Schema.Array(MyJourney),
  meta: Schema.Struct({
    tab: MyJourneyTab,
    page: Schema.Number,
    page_size: Schema.Number,
    total: NonNegativeInt,
    counts: MyJourneyCounts,
  }),
});
export type MyJourneysResponse = typeof MyJourneysResponse.Type;
