-- 0018: the journey-type status codes of spec §4 (schemas/journey-status-code.ts, decided by
-- server/journeys/journey-status.ts) and the partner's journeys (GET /v1/my-journeys, schemas/my-journeys.ts).
--
-- A journey can be cancelled: the platform called it off (its customers cancelled). It keeps `provider_id` and its live
-- allocation when it was held, so the partner who held it still reads it (as cancelled), and the interests in it, so
-- those partners learn it too; find work and the dashboard read open journeys only, the calendar held ones only.
alter table journeys drop constraint journeys_status_check;
alter table journeys add constraint journeys_status_check
  check (status in ('open', 'allocated', 'completed', 'cancelled'));

-- How a completed journey ended for the partner's pay: the customer refunded, completed with an issue, not paid yet,
-- paid, or its payment failed. Only a completed journey has one.
alter table journeys add column completion_outcome text
  check (completion_outcome in ('refund', 'issue', 'unpaid', 'paid', 'payment_failed'));
alter table journeys add constraint journeys_completion_outcome_completed_check
  check (completion_outcome is null or status = 'completed');

-- The journeys completed before this migration: paid once a weekly payout has run since (seven days after the
-- completion), else not paid yet. Nothing recorded a refund, an issue or a failed payment of a journey before.
update journeys
   set completion_outcome = case when completed_at < now() - interval '7 days' then 'paid' else 'unpaid' end
 where status = 'completed';

-- The partner's journeys: those it holds or held, by status.
create index journeys_provider_status_idx on journeys (provider_id, status) where provider_id is not null;
