import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters for new hashes (N = 2^14, r = 8, p = 1: the OWASP minimum for scrypt). */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url), with a fresh random salt. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

/** True when `password` matches `stored`; compares in constant time. A malformed `stored` never matches. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/**
 * A valid hash of a random password, checked against when the e-mail is unknown, so that a wrong e-mail costs
 * the same scrypt work as a wrong password and the answer time does not reveal which accounts exist.
 */
export const decoyHash: Promise<string> = hashPassword(randomBytes(18).toString('base64url'));
