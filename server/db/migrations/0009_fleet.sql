-- 0009: the partner's fleet in full (issue 8: my vehicles, my drivers; spec §3 Vehicle and Driver, §4 "Driver and
-- vehicle: can be assigned, unassigned, deactivated, reactivated"). Shapes in schemas/fleet.ts, rules in
-- server/fleet/, endpoints in server/http/fleet-routes.ts.

-- Spec §3 names isBrandingRequested and brandedAt; 0001 had neither. reviewed_at: when the team approved or rejected
-- the vehicle (null while PENDING).
alter table vehicles add column is_branding_requested boolean not null default false;
alter table vehicles add column reviewed_at timestamptz;

-- A registration is unique among a partner's vehicles that are not deleted, compared without spaces and case
-- (`AB12 CDE` and `ab12cde` are the same plate). A deleted vehicle frees its plate for a new entry.
create unique index vehicles_user_registration_idx
  on vehicles (user_id, upper(replace(registration_number, ' ', '')))
  where deleted_at is null;

-- The vehicle a driver drives. One driver per vehicle at a time (the partial unique index); a deactivated driver
-- has none (server/fleet/driver-store.ts clears it on deactivation).
alter table drivers add column vehicle_id integer references vehicles (id);
create unique index drivers_vehicle_idx on drivers (vehicle_id) where vehicle_id is not null;
-- When the partner invited the driver (null: added without an invitation), and when they were deactivated (null
-- while active; `active` stays the column every allocation path already checks).
alter table drivers add column invited_at timestamptz;
alter table drivers add column deactivated_at timestamptz;
