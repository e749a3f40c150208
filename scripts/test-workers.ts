/**
 * How many test files run at once: TEST_WORKERS, else 2. Vitest's own default in run mode is one worker fewer
 * than the cores, one on the 2-core machines we run on. A project loaded from its own config file does not take
 * the root's maxWorkers (Vitest 5 resolves it per project), so every config sets it from here.
 */
export const testWorkers = Number(process.env.TEST_WORKERS ?? 2);
