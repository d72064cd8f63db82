-- 0017: a journey's window in find work is its schedule, from its first stop to its last (the start and end nodes'
-- times), not its first pickup twice: a journey card read "08:00–08:00" for a day that runs 06:45–14:45. The nodes
-- are read through journey_nodes' (journey_id, sort_order) index; a journey without nodes keeps its first pickup.
-- A journey stays open for claims until its first pickup, as before: `open_until` (added last, as a replaced view
-- may only add columns at the end) is what the search's "not yet over" clause reads for journeys.
create or replace view journey_listings as
  select id, 'journey'::text as kind, category, status,
         start_town as pickup_town, start_postcode as pickup_postcode, start_lat as pickup_lat, start_lng as pickup_lng,
         end_town as delivery_town, end_postcode as delivery_postcode, end_lat as delivery_lat, end_lng as delivery_lng,
         coalesce((select min(n.scheduled_at) from journey_nodes n where n.journey_id = journeys.id), first_pickup_at)
           as pickup_date_start,
         coalesce((select max(n.scheduled_at) from journey_nodes n where n.journey_id = journeys.id), first_pickup_at)
           as pickup_date_end,
         tp_quote as price, volume_m3, distance_m, lower(allocation_method) as allocation_method,
         jsonb_build_object('stops', stops::text) as attributes, provider_id, created_at, created_at as activated_at,
         first_pickup_at as open_until
    from journeys;
