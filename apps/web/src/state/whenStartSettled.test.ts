import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenStartSettled } from './whenStartSettled.ts';

describe('whenStartSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first answer and a quiet second, not a fixed 3 s', async () => {
    const client = new QueryClient();
    const run = vi.fn();
    whenStartSettled(client, run);
    let answer: (value: string) => void = () => {};
    void client.fetchQuery({ queryKey: ['home'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    await vi.advanceTimersByTimeAsync(8000);
    expect(run).not.toHaveBeenCalled(); // the home is still loading on a slow network
    answer('cards');
    await vi.advanceTimersByTimeAsync(500);
    expect(run).not.toHaveBeenCalled(); // not quiet for a second yet
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs after the minimum when no answer is awaited (signed out), and after the maximum when none comes', async () => {
    const signedOut = vi.fn();
    whenStartSettled(new QueryClient(), signedOut, { needsAnswer: () => false });
    await vi.advanceTimersByTimeAsync(2900);
    expect(signedOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(signedOut).toHaveBeenCalledOnce();

    const client = new QueryClient();
    const never = vi.fn();
    whenStartSettled(client, never);
    void client.fetchQuery({ queryKey: ['stuck'], queryFn: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(19_000);
    expect(never).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    expect(never).toHaveBeenCalledOnce();
  });

  it('is cancelled by the function it answers', async () => {
    const run = vi.fn();
    const cancel = whenStartSettled(new QueryClient(), run, { needsAnswer: () => false });
    cancel();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).not.toHaveBeenCalled();
  });
});
