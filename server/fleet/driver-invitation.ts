import type { Mail } from '@/server/mail/outbox';

/**
 * The invitation a driver gets when the partner adds them with `invite` (issue 8 "invite or add"), written to the
 * server's outbox (server/mail/outbox.ts). Drivers have no sign-in of their own in the reference server, so the mail
 * has no link: it tells the driver who added them and what happens next.
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const driverInvitationMail = (input: { to: string; driverName: string; partnerName: string }): Mail => {
  const lines = [
    `Hello ${input.driverName},`,
    `${input.partnerName} has added you as a driver on the transport partner portal.`,
    'They will give you the jobs and journeys you drive, with the pickup and delivery details. You do not need to do anything now.',
    'If you do not drive for them, please let them know, or ignore this e-mail.',
  ];
  return {
    to: input.to,
    subject: `${input.partnerName} invited you to drive for them`,
    text: lines.join('\n\n'),
    html: [
      '<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5">',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      '</body></html>',
    ].join('\n'),
  };
};
