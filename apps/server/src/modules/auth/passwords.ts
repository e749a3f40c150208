import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters (argon2id is the library's default algorithm). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function createPasswords() {
  // Checked against when the account does not exist, so both answers take the same time.
  const dummyHash = hash(randomBytes(16).toString('hex'), ARGON2);

  return {
    hash: (password: string) => hash(password, ARGON2),
    /** False for a wrong password, a missing account (null hash) or a malformed hash. */
    async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
      const target = passwordHash ?? (await dummyHash);
      const matches = await verify(target, password).catch(() => false);
      return matches && passwordHash != null;
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
