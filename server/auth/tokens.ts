import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret for a session cookie or an access token: 32 random bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of an access token: its SHA-256, hex. The token itself is never stored. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
