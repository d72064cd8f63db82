import type { Mail } from '@/server/mail/outbox';

/**
 * The texts of the mails the server sends (English: the portal's default language, spec §1), each as plain text
 * and HTML with the same words. Links are absolute, on the configured origin (server/mail/links.ts), never on the
 * request's Host.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const html = (paragraphs: readonly string[], link: { href: string; label: string }) =>
  [
    '<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color: #555">${escapeHtml(link.href)}</p>`,
    '</body></html>',
  ].join('\n');

/** Spec §2 "e-mail verification with resend": the link verifies the account (valid 24 hours, once). */
export const verificationMail = (to: string, fullName: string, link: string): Mail => {
  const lines = [
    `Hello ${fullName},`,
    'Thank you for signing up as a transport partner. Please confirm your e-mail address by opening this link:',
  ];
  const after = 'The link works once, for 24 hours. If you did not sign up, you can ignore this e-mail.';
  return {
    to,
    subject: 'Please verify your e-mail address',
    text: [...lines, link, after].join('\n\n'),
    html: html([...lines, after], { href: link, label: 'Verify my e-mail address' }),
  };
};

/** Password reset (spec §2 "login and password reset"; §9 help hours 8am to 6pm): the link works once, for 1 hour. */
export const passwordResetMail = (to: string, fullName: string, link: string): Mail => {
  const lines = [
    `Hello ${fullName},`,
    'Someone asked to reset the password of your partner account. To choose a new password, open this link:',
  ];
  const after =
    'The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is. ' +
    'Our team can help from 8am to 6pm.';
  return {
    to,
    subject: 'Reset your password',
    text: [...lines, link, after].join('\n\n'),
    html: html([...lines, after], { href: link, label: 'Choose a new password' }),
  };
};
