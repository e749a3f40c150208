import { vi } from 'vitest';

/**
 * How long a test waits for what the app does next (a fetch answered, a store updated, a render). The limit only
 * catches a hang: on a loaded two-core CI machine a first call's one-off work (the contract's schemas compiled on
 * first use, modules transformed) took more than the libraries' default 1 s, and a test that gave up early let its
 * pending click land in the next test (ActivityBar.test.tsx).
 */
export const ASYNC_LIMIT_MS = 10_000;

/** `vi.waitFor` with the project's limit: retries the assertion until it holds. */
export const eventually = <T>(assertion: () => T | Promise<T>) => vi.waitFor(assertion, { timeout: ASYNC_LIMIT_MS });
