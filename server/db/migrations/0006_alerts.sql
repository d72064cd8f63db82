-- 0006: new-work alerts (beyond the specification; shapes in schemas/alert.ts, rules in server/alerts/). A saved
-- search can alert its partner to open jobs that newly match it; the alerts list marks those that arrived since the
-- partner last looked.

-- `alert_since`: when the alert was switched on, null while it is off. A job matches when it is open, meets the
-- search's criteria and was activated after alert_since - 24 hours (server/alerts/alert-matches.ts).
alter table saved_searches
  add column alert boolean not null default false,
  add column alert_since timestamptz,
  add constraint saved_searches_alert_since_check check (alert = (alert_since is not null));
create index saved_searches_alerting_idx on saved_searches (user_id) where alert;

-- When the partner last looked at their alerts (POST /v1/alerts/seen); null: never. A match activated after it is
-- unseen, and counts in the badge.
alter table users add column alerts_seen_at timestamptz;

-- Alerts read the open jobs activated in a recent window (a day's work is a tenth of the marketplace). The window is
-- the leading column; the pickup point, kind and category after it are checked inside the index, so a search with a
-- place visits only the rows in its bounding box instead of every job of the day. Same predicate as the other
-- open-job indexes, word for word (server/search/listing-filter.ts SOURCES.jobs.open).
create index jobs_open_activated_idx on jobs (activated_at, pickup_lat, pickup_lng, kind, category)
  where status in ('pending_allocation', 'click_and_claim') and provider_id is null;
