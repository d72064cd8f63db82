-- 0007: won work (issue 7; shapes in schemas/work.ts, rules in server/work/): the driver on a won job, its
-- completion (realised, with an issue or an additional cost), archiving, the customer of the job, feedback requests
-- and customer ratings, and the suspension that follows a false completion (spec §4 job completion, §6, §9).

-- driver_id: the partner's driver on the job (the work calendar reads it too). driver_pickup_at: the pickup time the
-- partner planned when assigning the driver (inside the customer's window), null when none was given.
-- realised_at: when the partner completed the job (status realised); completed_at (0001) stays the platform's close.
-- completion_issue: what "complete with issue" recorded, `{ text, sub_type, extra_charge }` (extra_charge in pence,
-- null without one); null for a plain completion. archived_at: the partner archived the job (it leaves the tabs).
-- customer_first_name / customer_phone: the customer, shown to the partner only while the job is active (spec §6);
-- erased (null) once it is done, and null for jobs that never had one.
alter table jobs
  add column driver_id integer references drivers (id),
  add column driver_pickup_at timestamptz,
  add column realised_at timestamptz,
  add column completion_issue jsonb check (completion_issue is null or jsonb_typeof(completion_issue) = 'object'),
  add column archived_at timestamptz,
  add column customer_first_name text,
  add column customer_phone text;

-- Only finished work can be archived; a false completion (back to allocated) clears archived_at in the same update.
alter table jobs add constraint jobs_archived_done_check
  check (archived_at is null or status in ('realised', 'completed', 'finalised'));

-- The driver filter of the won-work list and the work calendar's colour by driver.
create index jobs_driver_idx on jobs (driver_id) where driver_id is not null;

-- The partner asked the customer for feedback on a job: once per job (the primary key makes a second request
-- impossible, whatever the code does).
create table job_feedback_requests (
  job_id integer primary key references jobs (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  requested_at timestamptz not null
);
create index job_feedback_requests_user_idx on job_feedback_requests (user_id);

-- The customer's rating (spec §3 feedback ratings: four criteria, 1 to 5 stars, and a comment), once per job, and
-- only for a job whose feedback was requested (the foreign key is on the request).
create table job_ratings (
  job_id integer primary key references job_feedback_requests (job_id) on delete cascade,
  punctuality smallint not null check (punctuality between 1 and 5),
  communication smallint not null check (communication between 1 and 5),
  care_of_goods smallint not null check (care_of_goods between 1 and 5),
  presentation smallint not null check (presentation between 1 and 5),
  comment text check (comment is null or char_length(comment) <= 2000),
  rated_at timestamptz not null
);

-- Spec §9: a completion later found false suspends the account for 7 days. A partner is suspended while
-- suspended_until lies ahead; a suspended partner cannot complete jobs.
alter table users add column suspended_until timestamptz;
