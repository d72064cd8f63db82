-- 0003: acting on a listing (schemas/listing.ts): book now, quotes on auctions, and the idempotency keys that make
-- both safe to repeat.

-- The vehicle a partner booked a job with (null: booked before one was chosen).
alter table jobs add column provider_vehicle_id integer references vehicles (id);

-- One quote per partner per auction job, changed in place. Money is integer minor units (pence).
create table listing_quotes (
  job_id integer not null references jobs (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  amount integer not null check (amount > 0),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (job_id, user_id)
);
create index listing_quotes_user_idx on listing_quotes (user_id);

-- The first answer to each Idempotency-Key a partner sent (server/http/idempotency.ts). `route` is the method and
-- path, `request_sha256` the hash of the body: the same key with another route or body is refused. A null
-- response_status means the first request is still being handled. Keys older than 24 hours may be used again.
create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  idempotency_key uuid not null,
  route text not null,
  request_sha256 text not null,
  response_status integer,
  response_body text,
  created_at timestamptz not null,
  primary key (user_id, idempotency_key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
