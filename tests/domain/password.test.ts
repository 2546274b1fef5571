import { describe, expect, it } from 'vitest';
import { currentParams, hashPassword, needsRehash, verifyPassword } from '../../worker/domain/auth/password';

describe('password hashing', () => {
  it('stores scrypt at OWASP parameters with its parameters and salt in the hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(currentParams).toEqual({ N: 32768, r: 8, p: 3 });
    expect(hash).toMatch(/^scrypt\$N=32768,r=8,p=3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse ', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('verifies hashes made with older, weaker parameters and asks for a re-hash', async () => {
    const weak = await hashPassword('old secret', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('old secret', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x$y$z', 'scrypt$N=abc,r=8,p=1$c2FsdA==$aGFzaA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});
