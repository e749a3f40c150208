import type { QueryClient } from '@tanstack/react-query';

export interface SettleOptions {
  /** Never before this long after the call. */
  minMs?: number;
  /** No query may have been fetching for this long. */
  quietMs?: number;
  /** Run anyway after this long (a call that never answers must not keep the work back for ever). */
  maxMs?: number;
  /** Whether the first screen waits for an answer (signed in: its first list); signed out, nothing is asked. */
  needsAnswer?: () => boolean;
  /** How often the state is looked at. */
  stepMs?: number;
}

/**
 * Runs `run` once the start-up has settled: some answer arrived (when one is expected), no query has been fetching for
 * `quietMs`, and at least `minMs` passed. Work that can wait (fetching the sheets' code) then does not share a slow
 * network with the first screen's own files and calls: on 3G a fixed 3 s timer fetched 80 KB of sheets before the
 * home's first card (bench/slow-network.ts). Answers a function that cancels it.
 */
export function whenStartSettled(client: QueryClient, run: () => void, options: SettleOptions = {}): () => void {
  const { minMs = 3000, quietMs = 1000, maxMs = 20_000, needsAnswer = () => true, stepMs = 250 } = options;
  const started = Date.now();
  let quietSince = started;
  const timer = setInterval(() => {
    const now = Date.now();
    if (client.isFetching() > 0) quietSince = now;
    const answered =
      !needsAnswer() ||
      client
        .getQueryCache()
        .getAll()
        .some((query) => query.state.dataUpdatedAt > 0 && query.state.fetchStatus === 'idle');
    const settled = now - started >= minMs && answered && now - quietSince >= quietMs;
    if (settled || now - started >= maxMs) {
      clearInterval(timer);
      run();
    }
  }, stepMs);
  return () => clearInterval(timer);
}
