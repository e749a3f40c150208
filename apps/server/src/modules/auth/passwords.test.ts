import { describe, expect, it } from 'vitest';
import { createLimiter, createPasswords } from './passwords.ts';

describe('createLimiter', () => {
  it('runs at most its limit at once, the rest in order, and frees the slot of a task that fails', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number, fail = false) =>
      limited(async () => {
        started.push(n);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = [task(1, true), task(2), task(3), task(4)].map((p) => p.catch((err: Error) => err.message));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([1, 2]);
    // Each release lets exactly one waiting task start, in the order they came.
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await Promise.all(results)).toEqual(['task 1', 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});

describe('createPasswords', () => {
  it('verifies many at once through one slot: right passwords match, wrong ones and missing accounts do not', async () => {
    const passwords = createPasswords({ concurrency: 1 });
    const stored = await passwords.hash('Trail#Run9x');
    const answers = await Promise.all([
      passwords.verify(stored, 'Trail#Run9x'),
      passwords.verify(stored, 'trail#run9x'),
      passwords.verify(null, 'Trail#Run9x'),
      passwords.verify('not a hash', 'Trail#Run9x'),
      passwords.verify(stored, 'Trail#Run9x'),
    ]);
    expect(answers).toEqual([true, false, false, false, true]);
  });
});
