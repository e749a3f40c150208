import pg from 'pg';

/** One statement as the server sent it to PostgreSQL: its prepared name (none: unprepared) and its SQL text. */
export interface SentStatement {
  name?: string;
  text: string;
}

/**
 * Records what the server sends to PostgreSQL while `run` runs (node-postgres' Client.query, as bench/load.ts's
 * capture does). On PGlite nothing goes through node-postgres: the list is empty, and names are ignored anyway.
 */
export async function recordStatements(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const original = pg.Client.prototype.query;
  const sent: SentStatement[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { name?: string; text: string }];
    sent.push(typeof first === 'string' ? { text: first } : { name: first.name, text: first.text });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

/** The unprepared statements of a recording, without the transaction's own begin/commit/rollback. */
export const unprepared = (sent: readonly SentStatement[]) =>
  sent.filter((s) => !s.name && !/^\s*(begin|commit|rollback)\b/i.test(s.text)).map((s) => s.text);
