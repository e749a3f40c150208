import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedRows, queryRows, uuidArray, uuidList } from '../../db/client.ts';
import { pushOutbox, pushTokens } from '../../db/schema.ts';
import type { PushPayload } from './push.ts';

/** A push leased for sending: its device token, what it says and its attempts so far (this one included). */
export interface LeasedPush {
  id: string;
  token: string;
  payload: PushPayload;
  attempts: number;
}

/** What became of a leased push, as `settlePushes` writes it. */
export type PushOutcome = 'sent' | 'invalid-token' | 'retry' | 'recorded' | 'gave-up';

/**
 * The insert that queues a push per device of each recipient of the notification rows in `source` (the table, or a
 * CTE of rows just written) whose preferences allow the type. Written once: notify_record queues the pushes of the
 * rows it makes in its own statement, push_outbox_enqueue those of rows taken later (the organisers' digests).
 */
export const enqueuePushesSql = (source: SQL, where: SQL = sql`true`) => sql`
  insert into push_outbox (id, notification_id, user_id, token, payload)
  select gen_random_uuid(), n.id, n.user_id, t.token, jsonb_build_object(
    'type', n.type, 'targetId', n.target_id, 'notificationId', n.id, 'actorId', n.actor_id,
    'actorName', nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''),
    'targetName', coalesce(act.name, grp.name, chat_act.name, chat_grp.name),
    'reason', n.reason, 'language', u.language, 'platform', t.platform)
  from ${source} n
  join users u on u.id = n.user_id and u.deleted_at is null
  join push_tokens t on t.user_id = n.user_id
  join sessions s on s.id = t.session_id and s.revoked_at is null and s.expires_at > now()
  left join users a on a.id = n.actor_id
  left join activities act on act.id = n.target_id and n.type like 'ACTIVITY_%'
  left join groups grp on grp.id = n.target_id and n.type like 'GROUP_%'
  left join chats c on c.id = n.target_id and n.type = 'SEND_MESSAGE'
  left join activities chat_act on chat_act.id = c.activity_id
  left join groups chat_grp on chat_grp.id = c.group_id
  where ${where} and coalesce((u.notification_preferences ->> n.type)::boolean, true)`;

/** Queues the pushes of notifications stored before (the organisers' digests). */
export function createPushQueueRepository(db: Db) {
  const enqueueStatement = preparedRows(
    db,
    'push_outbox_enqueue',
    enqueuePushesSql(sql`notifications`, sql`n.id = any(${sql.placeholder('ids')}::uuid[])`),
  );

  return {
    /**
     * Queues a push per device of each recipient of the notifications `ids` whose preferences allow the type, in
     * one statement, inside the caller's transaction when given.
     */
    async enqueue(ids: string[], tx: DbOrTx = db) {
      await enqueueStatement.execute({ ids: uuidList(ids) }, tx);
    },
  };
}

/** The push outbox as the sender reads and writes it: leases, outcomes, and tokens reported invalid. */
export function createPushOutboxRepository(db: DbOrTx) {
  return {
    /** A lease that ran out while SENDING: the sender died mid-send, so the push is failed, not sent again. */
    async failInterrupted() {
      await db.execute(sql`
      update ${pushOutbox} set status = 'FAILED', last_error = 'interrupted while sending: not sent again'
      where status = 'SENDING' and next_attempt_at <= now()`);
    },

    /**
     * Leases up to `limit` due pushes tried fewer than `maxAttempts` times as SENDING for `leaseSeconds`, counting
     * the attempt; rows another instance holds are skipped, not waited for.
     */
    lease(limit: number, maxAttempts: number, leaseSeconds: number) {
      return queryRows<LeasedPush>(
        db,
        sql`
      update push_outbox set status = 'SENDING', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from push_outbox
        where status = 'PENDING' and next_attempt_at <= now() and attempts < ${maxAttempts}
        order by next_attempt_at limit ${limit} for update skip locked)
      returning id, token, payload, attempts`,
      );
    },

    /** Drops device tokens a push service reported invalid. */
    async dropTokens(tokens: string[]) {
      await db.execute(sql`delete from ${pushTokens} where token = any(${sql.param(tokens)}::text[])`);
    },

    /**
     * Writes the outcomes of a batch in one statement: sent and recorded pushes are stamped, invalid tokens and
     * given-up pushes failed, a failed send is tried again after 5 s × 2^attempts.
     */
    async settle(rows: { id: string; outcome: PushOutcome }[]) {
      await db.execute(sql`
      update ${pushOutbox} o set
        status = case v.outcome when 'sent' then 'SENT' when 'recorded' then 'RECORDED'
                   when 'invalid-token' then 'FAILED' when 'gave-up' then 'FAILED' else 'PENDING' end,
        sent_at = case when v.outcome in ('sent', 'recorded') then now() else o.sent_at end,
        last_error = case v.outcome when 'invalid-token' then 'invalid token' when 'gave-up' then 'gave up after retries'
                       when 'retry' then 'send failed' else o.last_error end,
        next_attempt_at = case when v.outcome = 'retry' then now() + make_interval(secs => 5 * power(2, o.attempts))
                            else o.next_attempt_at end
      from unnest(${uuidArray(rows.map((r) => r.id))}, ${sql.param(rows.map((r) => r.outcome))}::text[]) as v(id, outcome)
      where o.id = v.id`);
    },
  };
}

export type PushQueueRepository = ReturnType<typeof createPushQueueRepository>;
export type PushOutboxRepository = ReturnType<typeof createPushOutboxRepository>;
