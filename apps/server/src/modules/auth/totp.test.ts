import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, createSecretBox, matchingStep, stepOf, totpAt } from './totp.ts';

describe('TOTP (RFC 6238)', () => {
  // The SHA-1 vectors of RFC 6238, appendix B: the secret "12345678901234567890", 8 digits.
  const secret = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %s s gives %s', (seconds, code) => {
    expect(totpAt(secret, stepOf(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('accepts the codes of the step before and after, and no other', () => {
    const now = new Date('2026-11-24T20:00:15Z');
    const step = stepOf(now);
    for (const offset of [-1, 0, 1])
      expect(matchingStep(secret, totpAt(secret, step + offset), now)).toBe(step + offset);
    expect(matchingStep(secret, totpAt(secret, step + 2), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
  });

  it('writes and reads base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
  });

  it('keeps secrets sealed, and refuses a tampered one', () => {
    const box = createSecretBox({ sealing: Buffer.alloc(32, 7), earlier: [] });
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(base32Encode(secret));
    expect(box.open(sealed)).toEqual({ secret, sealedEarlier: false });
    expect(() => box.open(`${sealed.slice(0, -2)}AA`)).toThrow();
  });
});
