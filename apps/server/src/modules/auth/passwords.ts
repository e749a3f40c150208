import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters (argon2id is the library's default algorithm). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Runs at most `limit` of the given tasks at once, the others waiting in order. Each argon2 run holds 19 MiB and a
 * thread of libuv's pool (four by default) for its whole time: more runs than cores finish no sooner, but they raise
 * the memory (a burst of sign-ins took the server up by 70 MB) and take the pool's threads from file and DNS work.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` counts it still.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Hashes run one fewer at a time than there are cores, so that one core always stays for the event loop and the
 * database: with as many hashes as cores, a few sign-ins at once took every core for ~12 ms each and every other call
 * queued behind them (docs/performance-log.md, "argon2id leaves a core free").
 */
export function createPasswords(options: { concurrency?: number } = {}) {
  const limited = createLimiter(options.concurrency ?? Math.max(1, availableParallelism() - 1));
  // Checked against when the account does not exist, so both answers take the same time.
  const dummyHash = limited(() => hash(randomBytes(16).toString('hex'), ARGON2));

  return {
    hash: (password: string) => limited(() => hash(password, ARGON2)),
    /** False for a wrong password, a missing account (null hash) or a malformed hash. */
    async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
      const target = passwordHash ?? (await dummyHash);
      const matches = await limited(() => verify(target, password)).catch(() => false);
      return matches && passwordHash != null;
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
