-- 0015: sessions idle out (SESSION_IDLE_S, server/auth/sessions.ts). `last_used_at` is the session's last use (a
-- token renewal or a bearer call), written at most about once a minute; a session unused for longer than the idle
-- timeout is no longer live. Sessions open at the upgrade count as used then, so the upgrade signs nobody out.
alter table sessions add column last_used_at timestamptz;
update sessions set last_used_at = greatest(created_at, now());
alter table sessions alter column last_used_at set not null;
