-- 0013: the partner's profile, account preferences and notification preferences (issue 8; shapes in
-- schemas/profile.ts, the server side in server/profile/). Ratings and reviews need no table of their own: they are
-- the customers' job_ratings of 0007, read per partner through jobs.provider_id.

-- Edit profile (spec §2): phone and company beside the name and address the users table already has. A partner who
-- signed up (0012) has a phone and company in partner_sign_up_details; profile_updated_at says which one is current:
-- null until the partner first saves the profile here, and the sign-up's values are shown until then.
-- Account and preferences: the language of the portal and its mails, the default search radius (spec §9's options)
-- and the first day of the week in calendars.
alter table users
  add column phone text check (phone is null or char_length(phone) <= 24),
  add column company_name text check (company_name is null or char_length(company_name) <= 120),
  add column company_number text check (company_number is null or char_length(company_number) <= 8),
  add column profile_updated_at timestamptz,
  add column language text not null default 'en' check (language in ('en', 'es')),
  add column default_search_radius_mi integer not null default 20
    check (default_search_radius_mi in (5, 10, 20, 50, 100, 200)),
  add column week_start text not null default 'monday' check (week_start in ('monday', 'sunday'));

-- Notification preferences: one row per event and channel the partner saved (schemas/profile.ts
-- NOTIFICATION_EVENTS × NOTIFICATION_CHANNELS). A partner without rows has the defaults; a save writes the whole
-- matrix. The events and channels are checked here too, so a row the portal cannot show never exists.
create table notification_preferences (
  user_id integer not null references users (id) on delete cascade,
  event text not null check (event in ('new_job_alerts', 'reservation_decisions', 'return_offers', 'job_allocated',
    'job_reminders', 'payments', 'documents_expiry', 'messages')),
  channel text not null check (channel in ('email', 'sms', 'in_app')),
  enabled boolean not null,
  updated_at timestamptz not null,
  primary key (user_id, event, channel)
);

-- Reviews and statistics read a partner's done jobs newest first.
create index jobs_provider_realised_idx on jobs (provider_id, realised_at desc) where provider_id is not null;
