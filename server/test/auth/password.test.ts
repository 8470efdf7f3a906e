import { beforeEach, describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, usePasswordHashCost, verifyPassword } from '../../src/auth/password';

const fast = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  // The cost is process-wide: an app built earlier in this process may have set its configured one.
  beforeEach(() => usePasswordHashCost());

  it('encodes scheme, parameters, salt and key, and verifies the right password only', async () => {
    const hash = await hashPassword('correct horse', fast);
    expect(hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse ', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', fast), hashPassword('same', fast)]);
    expect(a).not.toBe(b);
  });

  it('uses strong default parameters', async () => {
    const hash = await hashPassword('x');
    expect(hash).toMatch(/^scrypt\$N=32768,r=8,p=1\$/);
    await expect(verifyPassword('x', hash)).resolves.toBe(true);
  });

  it('writes new hashes with the configured cost; hashes made before keep verifying', async () => {
    const strong = await hashPassword('x');
    try {
      usePasswordHashCost(2 ** 10);
      const cheap = await hashPassword('x');
      expect(cheap).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
      await expect(verifyPassword('x', cheap)).resolves.toBe(true);
      await expect(verifyPassword('x', strong)).resolves.toBe(true);
    } finally {
      usePasswordHashCost();
    }
    expect(await hashPassword('x')).toMatch(/^scrypt\$N=32768,/);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'secret'],
    ['other scheme', 'bcrypt$2b$10$abc'],
    ['missing parts', 'scrypt$N=1024,r=8,p=1$c2FsdA=='],
    ['N not a power of two', 'scrypt$N=1000,r=8,p=1$c2FsdA==$a2V5'],
    ['absurd N', `scrypt$N=${2 ** 30},r=8,p=1$c2FsdA==$a2V5`],
    ['extra part', 'scrypt$N=1024,r=8,p=1$c2FsdA==$a2V5$x'],
  ])('rejects a malformed hash (%s) without throwing', async (_label, encoded) => {
    await expect(verifyPassword('secret', encoded)).resolves.toBe(false);
  });

  it('generates long random passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
