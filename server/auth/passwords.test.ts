import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';

describe('passwords', () => {
  it('hash with scrypt and a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('demo1234'), hashPassword('demo1234')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('demo1234');
    expect(await verifyPassword('demo1234', hash)).toBe(true);
    expect(await verifyPassword('demo1235', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('never match a malformed hash', async () => {
    expect(await verifyPassword('demo1234', 'plain')).toBe(false);
    expect(await verifyPassword('demo1234', 'bcrypt$1$2$3$abc$def')).toBe(false);
  });
});
