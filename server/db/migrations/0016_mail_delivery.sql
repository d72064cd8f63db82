-- 0016: what became of each mail (server/mail/delivery.ts). With SMTP_URL set a mail is recorded 'queued' in the
-- request's transaction and handed to the SMTP relay after the response: 'sending' while it is, then 'sent' (sent_at,
-- the relay's message id and answer) or 'failed' (error; a failure never fails the request that caused the mail).
-- Without SMTP_URL (the development default) a mail is 'stored': kept here and in the .eml files only, as every mail
-- recorded before this migration was.
alter table outbox_mails
  add column status text not null default 'stored'
    check (status in ('stored', 'queued', 'sending', 'sent', 'failed')),
  add column attempted_at timestamptz,
  add column sent_at timestamptz,
  add column message_id text,
  add column smtp_response text,
  add column error text;
-- The delivery looks for waiting (and cut-off) mails after every state-changing request: only those rows are indexed.
create index outbox_mails_undelivered_idx on outbox_mails (id) where status in ('queued', 'sending');
