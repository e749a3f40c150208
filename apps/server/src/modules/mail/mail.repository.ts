import { desc, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** A mail this instance holds for one attempt: the outbox row's address, content and attempts so far. */
export interface ClaimedMailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

type MailStatus = typeof mailOutbox.$inferInsert.status;

/** The mail outbox: every mail is written here first, then delivered and retried from it. */
export function createMailRepository(db: Db) {
  return {
    db,

    /** Writes one mail to the outbox; its id. */
    async insert(
      mail: { to: string; subject: string; text: string; html: string; status: MailStatus },
      tx: DbOrTx = db,
    ) {
      const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return row!.id;
    },

    /**
     * Takes due mails (`onlyId` alone when given), `limit` at most, for `leaseSeconds`: each attempt counts and
     * the others leave them alone meanwhile; rows another instance holds are skipped, not waited for.
     */
    claim(leaseSeconds: number, limit: number, onlyId?: string) {
      return queryRows<ClaimedMailRow>(
        db,
        sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          where id in (
            select id from mail_outbox
            where status = 'PENDING' and next_attempt_at <= now() ${onlyId ? sql`and id = ${onlyId}` : sql``}
            order by next_attempt_at limit ${limit}
            for update skip locked)
          returning id, "to", subject, text, html, attempts`,
      );
    },

    /** The mail went out: it keeps the given (empty) body. */
    async markSent(id: string, body: { text: string; html: string }) {
      await db
        .update(mailOutbox)
        .set({ status: 'SENT', sentAt: sql`now()`, lastError: null, ...body })
        .where(eq(mailOutbox.id, id));
    },

    /** The attempt failed: retried after `retryInSeconds` (PENDING), or never again (FAILED, with `body`). */
    async markFailed(
      id: string,
      failure: { failed: boolean; lastError: string; retryInSeconds: number; body?: { text: string; html: string } },
    ) {
      await db
        .update(mailOutbox)
        .set({
          status: failure.failed ? 'FAILED' : 'PENDING',
          ...(failure.body ?? {}),
          lastError: failure.lastError,
          nextAttemptAt: sql`now() + make_interval(secs => ${failure.retryInSeconds})`,
        })
        .where(eq(mailOutbox.id, id));
    },

    /** The outbox, newest first (to `to` only when given), `limit` at most. */
    list(to: string | undefined, limit: number) {
      return db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
