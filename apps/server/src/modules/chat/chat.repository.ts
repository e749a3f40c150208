import type { MessageKind } from '@cordata/contract/enums';
import { and, asc, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, preparedRows, queryRows } from '../../db/client.ts';
import { activities, chatMembers, chats, messages, notifications, users } from '../../db/schema.ts';
import { chatMemberSql, chatSendableSql } from '../access/access.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

/**
 * The id a new message of the chat `chatId` gets, in a statement that holds the chat's lock (every message insert
 * takes it first, so inserts are serialized per chat): a fresh UUID v7 by the database's clock, or the successor of
 * the chat's newest id when that clock is behind it. Ids therefore grow in commit order, and a cursor never skips a
 * message committed later. The newest id comes from `chat_last_message_id` (migration 0044), which sees the messages
 * committed while the statement waited for the lock; a sub-select here would not. The successor adds one to the low
 * 64 bits (a v7 id's random half, whose variant bits keep it 2^62 steps away from a carry).
 */
export const newMessageIdSql = (chatId: SQL) => sql`(
  select case when l.last_id is null or f.id > l.last_id then f.id
    else (substr(l.hex, 1, 16) || lpad(to_hex(('x' || substr(l.hex, 17, 16))::bit(64)::bigint + 1), 16, '0'))::uuid end
  from (select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
          placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6),
          52, 1), 53, 1), 'hex')::uuid as id) f,
       (select n.last_id, replace(n.last_id::text, '-', '') as hex
        from (select chat_last_message_id(${chatId}) as last_id) n) l)`;

/** A message as a hand-written statement returns it, with its sender's summary (all null without a sender). */
export interface StoredMessageRow {
  messageId: string;
  chatId: string;
  kind: MessageKind;
  text: string;
  clientMessageId: string | null;
  removedAt: Date | string | null;
  createdAt: Date | string;
  senderId: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  lastOnlineAt: Date | string | null;
  deletedAt: Date | string | null;
}

/** StoredMessageRow's fields: the message `m`'s columns, then its sender `s`'s. */
const storedMessageFields = (m: string, s: string) =>
  Object.entries({
    messageId: `${m}.id`,
    chatId: `${m}.chat_id`,
    kind: `${m}.kind`,
    text: `${m}.text`,
    clientMessageId: `${m}.client_message_id`,
    removedAt: `${m}.removed_at`,
    createdAt: `${m}.created_at`,
    senderId: `${m}.sender_id`,
    username: `${s}.username`,
    firstName: `${s}.first_name`,
    lastName: `${s}.last_name`,
    profilePicture: `${s}.profile_picture`,
    lastOnlineAt: `${s}.last_online_at`,
    deletedAt: `${s}.deleted_at`,
  });
/** A StoredMessageRow as columns of the row. */
const storedMessageColumns = (m: string, s: string) =>
  sql.raw(
    storedMessageFields(m, s)
      .map(([field, column]) => `${column} as "${field}"`)
      .join(', '),
  );
/** A StoredMessageRow as one JSON column. */
const storedMessageJson = (m: string, s: string) =>
  sql.raw(
    `json_build_object(${storedMessageFields(m, s)
      .map(([field, column]) => `'${field}', ${column}`)
      .join(', ')})`,
  );

/** What a join or an exit changed: the chat's id (it changed) and its event as written (all null: none). */
export type ChangeRow = { changedChatId: string } & (StoredMessageRow | { [K in keyof StoredMessageRow]: null });

/**
 * The tail of a statement whose CTE `changed` returns the `chat_id` a member joined or left (none: nothing
 * changed): the chat locked against other writers of messages and its event appended, by `senderId`; it selects
 * a ChangeRow. The event is the statement's last write, and the lock is held from it to the commit. With `also`
 * (the caller's own columns after the ChangeRow's), it selects one row even when nothing changed, its ChangeRow
 * then all nulls.
 */
export const appendEventAfterChange = (kind: 'JOINED' | 'LEFT', senderId: SQL, also?: SQL) => sql`
  locked as (
    select c.id from chats c where c.id = (select chat_id from changed) for no key update of c
  ),
  event as (
    insert into messages (id, chat_id, sender_id, kind)
    select ${newMessageIdSql(sql`locked.id`)}, locked.id, ${senderId}, ${sql.raw(`'${kind}'`)} from locked
    on conflict do nothing
    returning *
  )
  select changed.chat_id as "changedChatId", ${storedMessageColumns('e', 's')}${also ? sql`, ${also}` : sql``}
  from ${also ? sql`(select) as always left join changed on true` : sql`changed`}
    left join event e on true left join users s on s.id = e.sender_id`;

/**
 * Appends a system message (CREATED, CLOSED) to a chat: call inside a transaction. One prepared statement locks
 * the chat against other writers of messages until the transaction ends, inserts, and returns the event with its
 * sender. Null when the chat does not exist.
 */
export function createMessageAppender(db: Db) {
  const appendStatement = preparedRows<StoredMessageRow>(
    db,
    'chat_append_event',
    sql`
    with locked as (
      select c.id from chats c where c.id = ${sql.placeholder('chatId')}::uuid for no key update of c
    ),
    event as (
      insert into messages (id, chat_id, sender_id, kind)
      select ${newMessageIdSql(sql`locked.id`)}, locked.id, ${sql.placeholder('senderId')}::uuid,
        ${sql.placeholder('kind')}::text
      from locked
      on conflict do nothing
      returning *
    )
    select ${storedMessageColumns('e', 's')} from event e left join users s on s.id = e.sender_id`,
  );
  return async function appendMessage(
    message: { chatId: string; kind: Exclude<MessageKind, 'TEXT'>; senderId: string | null },
    tx: DbOrTx,
  ): Promise<StoredMessageRow | null> {
    const [row] = await appendStatement.execute(message, tx);
    return row ?? null;
  };
}

/** A chat as its list shows it, from the point of view of one member. */
export interface ChatSummaryRow {
  chatId: string;
  kind: 'ACTIVITY' | 'GROUP' | 'DIRECT';
  targetId: string;
  name: string;
  picture: string | null;
  closedAt: Date | string | null;
  lastMessage: StoredMessageRow | null;
  unreadCount: number;
  canSend: boolean;
  /** DIRECT: the other person, all null when their account is deleted. */
  personId: string | null;
  personUsername: string | null;
  personFirstName: string | null;
  personLastName: string | null;
  personPicture: string | null;
  personLastOnlineAt: Date | string | null;
}

/** What sending needs to know, read with the chat locked: one round trip. */
export interface SendContext {
  kind: 'ACTIVITY' | 'GROUP' | 'DIRECT';
  /** The sender is a member (access: chatMemberSql). */
  isMember: boolean;
  /** The sender may send now (access: chatSendableSql): open, and a DIRECT chat's two still contacts. */
  sendable: boolean;
  closedAt: Date | string | null;
  name: string | null;
}

export function createChatRepository(db: Db) {
  /**
   * Locks a chat for a new message and reads, in the same query, whether it is closed, its name, and whether the
   * sender is a member and may send: what a refusal says. Null when it does not exist. Every send runs it: built
   * once, prepared once per connection, run on the send's transaction.
   */
  const lockForSendStatement = (() => {
    const chatId = sql.placeholder('chatId');
    const senderId = sql.placeholder('senderId');
    return preparedRows<SendContext>(
      db,
      'chat_lock_for_send',
      sql`
      select c.kind, c.closed_at as "closedAt", ${chatMemberSql(sql`c.id`, senderId)} as "isMember",
        ${chatSendableSql(sql`c.id`)} as sendable,
        coalesce(a.name, g.name) as name
      from chats c
      left join activities a on a.id = c.activity_id
      left join groups g on g.id = c.group_id
      where c.id = ${chatId}
      for no key update of c`,
    );
  })();
  async function lockForSend(chatId: string, senderId: string, tx: DbOrTx = db): Promise<SendContext | null> {
    const [row] = await lockForSendStatement.execute({ chatId, senderId }, tx);
    return row ?? null;
  }

  // Every send inserts its message: prepared once, run on the send's transaction, after lockForSend. lockForSend's
  // reads predate its wait for the lock, so a removal that held the chat then is seen only here: the insert asks
  // again whether the sender is a member, and reads the members to notify, with the chat held.
  const insertTextStatement = (() => {
    const chatId = sql`${sql.placeholder('chatId')}::uuid`;
    const senderId = sql`${sql.placeholder('senderId')}::uuid`;
    return preparedRows<StoredMessageRow & { memberIds: string[] }>(
      db,
      'chat_insert_text',
      sql`
      with inserted as (
        insert into messages (id, chat_id, sender_id, kind, text, client_message_id)
        select ${newMessageIdSql(chatId)}, ${chatId}, ${senderId}, 'TEXT', ${sql.placeholder('text')}::text,
          ${sql.placeholder('clientMessageId')}::text
        where ${chatMemberSql(chatId, senderId)}
        on conflict do nothing
        returning *
      )
      select ${storedMessageColumns('m', 's')},
        (select coalesce(json_agg(cm.user_id), '[]'::json) from chat_members cm
          where cm.chat_id = ${chatId} and cm.left_at is null) as "memberIds"
      from inserted m left join users s on s.id = m.sender_id`,
    );
  })();
  /**
   * Inserts a text message after lockForSend, with the chat's members now; null when this client id was already used
   * or the sender is no longer a member.
   */
  async function insertText(
    message: { chatId: string; senderId: string; text: string; clientMessageId: string },
    tx: DbOrTx = db,
  ) {
    const [row] = await insertTextStatement.execute(message, tx);
    return row ?? null;
  }

  /**
   * The chats a user is a current member of (access: chatMemberSql), newest activity first, with the
   * unread count: text messages of others after the read marker, since the user joined. Chats of deleted
   * activities and groups are gone. A DIRECT chat is listed once it has a message (opening one is not
   * news for the other person), but `chatIds` finds it from the start.
   */
  const summariesQuery = (one: boolean) => {
    const userId = sql.placeholder('userId');
    return sql`
      select c.id as "chatId", c.kind, coalesce(c.activity_id, c.group_id, other.id) as "targetId",
        coalesce(a.name, g.name, trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') as name,
        coalesce(g.picture, o.profile_picture) as picture, c.closed_at as "closedAt",
        ${chatSendableSql(sql`c.id`)} as "canSend",
        o.id as "personId", o.username as "personUsername", o.first_name as "personFirstName",
        o.last_name as "personLastName", o.profile_picture as "personPicture",
        o.last_online_at as "personLastOnlineAt",
        last.message as "lastMessage",
        (select count(*)::int from messages u
          where u.chat_id = c.id and u.kind = 'TEXT' and u.removed_at is null
            and u.sender_id is distinct from cm.user_id
            and u.created_at >= cm.created_at
            -- One range on messages_chat_idx (an OR here would count the whole chat: 100 000 messages).
            and u.id > coalesce(cm.last_read_message_id, '00000000-0000-0000-0000-000000000000'::uuid)) as "unreadCount"
      from chat_members cm
      join chats c on c.id = cm.chat_id
      left join activities a on a.id = c.activity_id
      left join groups g on g.id = c.group_id
      left join lateral (select case when c.user_low_id = cm.user_id then c.user_high_id else c.user_low_id end as id)
        other on c.kind = 'DIRECT'
      left join users o on o.id = other.id and o.deleted_at is null
      left join lateral (
        select m.id, ${storedMessageJson('m', 's')} as message from messages m left join users s on s.id = m.sender_id
        where m.chat_id = c.id order by m.id desc limit 1) last on true
      where cm.user_id = ${userId} and ${chatMemberSql(sql`c.id`, userId)}
        ${one ? sql`and c.id = ${sql.placeholder('chatId')}::uuid` : sql`and (c.kind <> 'DIRECT' or last.id is not null)`}
      order by last.id desc nulls last, c.id desc
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  };
  // Built once, and prepared once per connection: the chat list is one of the hottest reads.
  const summariesStatement = preparedRows<ChatSummaryRow>(db, 'chat_summaries', summariesQuery(false));
  const summaryStatement = preparedRows<ChatSummaryRow>(db, 'chat_summary', summariesQuery(true));

  /**
   * The chats a user is a current member of (access: chatMemberSql), newest activity first, with the
   * unread count: text messages of others after the read marker, since the user joined. Chats of deleted
   * activities and groups are gone. A DIRECT chat is listed once it has a message (opening one is not
   * news for the other person), but findForMember finds it from the start.
   */
  async function summaries(userId: string, options: { limit: number; offset: number }) {
    return summariesStatement.execute({ userId, limit: options.limit, offset: options.offset });
  }

  /** The chat if the user is a current member of it, else null: outsiders learn nothing. */
  async function findForMember(chatId: string, userId: string) {
    const [row] = await summaryStatement.execute({ userId, chatId, limit: 1, offset: 0 });
    return row ?? null;
  }

  // Set-as-read checks it first: prepared once.
  const isMemberStatement = preparedRows<{ isMember: boolean }>(
    db,
    'chat_is_member',
    sql`select ${chatMemberSql(sql`${sql.placeholder('chatId')}::uuid`, sql`${sql.placeholder('userId')}::uuid`)} as "isMember"`,
  );
  /** Whether the person is a current member of a chat whose activity or group is live (access: chatMemberSql). */
  async function isMember(chatId: string, userId: string) {
    const [row] = await isMemberStatement.execute({ chatId, userId });
    return row?.isMember === true;
  }

  async function memberIds(chatId: string, tx: DbOrTx = db) {
    const rows = await tx
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), isNull(chatMembers.leftAt)));
    return rows.map((r) => r.userId);
  }

  /**
   * A socket's rooms leave out direct chats nobody may write in any more (a removed contact, a block), so
   * a blocked person's typing never reaches the blocker; the chat stays readable through the calls.
   */
  const roomWorthy = sql`(${chats.kind} <> 'DIRECT' or ${chatSendableSql(chats.id)})`;

  /** Ids of the chats a user is in now: the rooms a socket joins. */
  async function chatIdsOf(userId: string) {
    const rows = await db
      .select({ chatId: chatMembers.chatId })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(and(eq(chatMembers.userId, userId), isNull(chatMembers.leftAt), roomWorthy));
    return rows.map((r) => r.chatId);
  }

  /** The open chats of each of these people, for reconciling their sockets' rooms. */
  async function chatIdsOfUsers(userIds: string[]) {
    const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return byUser;
    const rows = await db
      .select({ userId: chatMembers.userId, chatId: chatMembers.chatId })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(and(inArray(chatMembers.userId, userIds), isNull(chatMembers.leftAt), roomWorthy));
    for (const row of rows) byUser.get(row.userId)?.push(row.chatId);
    return byUser;
  }

  async function participants(chatId: string, limit: number) {
    return db
      .select(userSummaryColumns)
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(and(eq(chatMembers.chatId, chatId), isNull(chatMembers.leftAt), isNull(users.deletedAt)))
      .orderBy(asc(chatMembers.joinedAt), asc(users.id))
      .limit(limit);
  }

  async function countParticipants(chatId: string) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(and(eq(chatMembers.chatId, chatId), isNull(chatMembers.leftAt), isNull(users.deletedAt)));
    return Number(row?.count ?? 0);
  }

  /**
   * A page's statement, one per cursor (none, before or after), built at start so that the instance's warm-up
   * prepares them all. The caller's membership (access: chatMemberSql) and the page are one statement: no row when
   * they are not a current member, one row of nulls when the page is empty. The page starts where their history
   * does (`history_from`, after a removal).
   */
  type PageCursor = 'latest' | 'before' | 'after';
  const pageStatements = Object.fromEntries(
    (['latest', 'before', 'after'] as const).map((cursor) => {
      const chatId = sql.placeholder('chatId');
      const userId = sql.placeholder('userId');
      const bound = {
        latest: sql``,
        before: sql`and m.id < ${sql.placeholder('cursor')}::uuid`,
        after: sql`and m.id > ${sql.placeholder('cursor')}::uuid`,
      }[cursor];
      return [
        cursor,
        preparedRows<StoredMessageRow | { [K in keyof StoredMessageRow]: null }>(
          db,
          `chat_member_page_${cursor}`,
          sql`
          select page.* from chat_members cm
          left join lateral (
            select ${storedMessageColumns('m', 's')} from messages m left join users s on s.id = m.sender_id
            where m.chat_id = cm.chat_id and (cm.history_from is null or m.created_at >= cm.history_from) ${bound}
            order by m.id ${sql.raw(cursor === 'after' ? 'asc' : 'desc')}
            limit ${sql.placeholder('limit')}
          ) page on true
          where cm.chat_id = ${chatId}::uuid and cm.user_id = ${userId}::uuid and ${chatMemberSql(sql`cm.chat_id`, sql`${userId}::uuid`)}`,
        ),
      ];
    }),
  ) as Record<PageCursor, ReturnType<typeof preparedRows<StoredMessageRow | { [K in keyof StoredMessageRow]: null }>>>;

  /**
   * One page of a chat for a current member, newest first; null for anyone else. `before` pages back into history;
   * `after` reads forward from the last message a client has (the page right after it). One extra row tells hasMore.
   */
  async function memberPage(
    chatId: string,
    userId: string,
    cursor: { before?: string; after?: string },
    limit: number,
  ) {
    const rows = await pageStatements[cursor.before ? 'before' : cursor.after ? 'after' : 'latest'].execute({
      chatId,
      userId,
      cursor: cursor.before ?? cursor.after,
      limit: limit + 1,
    });
    if (!rows.length) return null;
    const messagesRows = rows.filter((row): row is StoredMessageRow => row.messageId !== null);
    const hasMore = messagesRows.length > limit;
    const pageRows = messagesRows.slice(0, limit);
    if (cursor.after) pageRows.reverse();
    return { rows: pageRows, hasMore };
  }

  /** One message with its sender (a retried send answers with the message it stored the first time). */
  async function messageById(messageId: string) {
    const [row] = await queryRows<StoredMessageRow>(
      db,
      sql`select ${storedMessageColumns('m', 's')} from messages m left join users s on s.id = m.sender_id
        where m.id = ${messageId}::uuid`,
    );
    return row ?? null;
  }

  async function findByClientId(chatId: string, senderId: string, clientMessageId: string, tx: DbOrTx = db) {
    const [row] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.chatId, chatId),
          eq(messages.senderId, senderId),
          eq(messages.clientMessageId, clientMessageId),
        ),
      );
    return row?.id ?? null;
  }

  // Sending and set-as-read move the read marker: prepared once, run on their transaction.
  const moveReadMarkerStatement = preparedOn(
    db,
    'chat_move_read_marker',
    db
      .update(chatMembers)
      .set({ lastReadMessageId: sql`${sql.placeholder('messageId')}::uuid` })
      .where(
        and(
          eq(chatMembers.chatId, sql.placeholder('chatId')),
          eq(chatMembers.userId, sql.placeholder('userId')),
          sql`(${chatMembers.lastReadMessageId} is null or ${chatMembers.lastReadMessageId} < ${sql.placeholder('messageId')})`,
        ),
      ),
  );
  /** Moves a member's read marker forward to a message (never back). */
  async function moveReadMarker(chatId: string, userId: string, messageId: string, tx: DbOrTx = db) {
    await moveReadMarkerStatement.on(tx).execute({ chatId, userId, messageId });
  }

  const lastMessageIdStatement = preparedOn(
    db,
    'chat_last_message_id',
    db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.chatId, sql.placeholder('chatId')))
      .orderBy(desc(messages.id))
      .limit(1),
  );
  async function lastMessageId(chatId: string, tx: DbOrTx = db) {
    const [row] = await lastMessageIdStatement.on(tx).execute({ chatId });
    return row?.id ?? null;
  }

  const readMessageNotificationsStatement = preparedOn(
    db,
    'chat_read_message_notifications',
    db
      .update(notifications)
      .set({ readAt: sql`${sql.placeholder('now')}::timestamptz` })
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          eq(notifications.type, 'SEND_MESSAGE'),
          eq(notifications.targetId, sql.placeholder('chatId')),
          isNull(notifications.readAt),
        ),
      ),
  );
  /** Reading a chat also reads its message notification, so the next message notifies again. */
  async function readMessageNotifications(chatId: string, userId: string, now: Date, tx: DbOrTx = db) {
    await readMessageNotificationsStatement.on(tx).execute({ chatId, userId, now: now.toISOString() });
  }

  /**
   * Claims a batch of ended activities whose chats are still open, marking them closed. Rows
   * another instance holds are skipped, so two instances never close the same activity.
   */
  async function claimEndedActivities(now: Date, limit: number, tx: DbOrTx = db) {
    const ended = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(and(lt(activities.endsAt, now), isNull(activities.closedAt)))
      .orderBy(asc(activities.endsAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!ended.length) return { activityCount: 0, chatIds: [] };
    const ids = ended.map((a) => a.id);
    await tx.update(activities).set({ closedAt: now }).where(inArray(activities.id, ids));
    const open = await tx
      .select({ id: chats.id })
      .from(chats)
      .where(and(inArray(chats.activityId, ids), isNull(chats.closedAt)));
    return { activityCount: ids.length, chatIds: open.map((c) => c.id) };
  }

  /** The name of the activity or group a chat belongs to. */
  async function chatName(chatId: string, tx: DbOrTx = db) {
    const [row] = await queryRows<{ name: string | null }>(
      tx,
      sql`select coalesce(a.name, g.name) as name from chats c
        left join activities a on a.id = c.activity_id left join groups g on g.id = c.group_id
        where c.id = ${chatId}`,
    );
    return row?.name ?? null;
  }

  /**
   * The direct chat of two people, created with both as members the first time. The unique pair
   * (chats_direct_key) makes a concurrent open wait for the first one's commit and then find its chat.
   */
  async function openDirect(a: string, b: string, tx: DbOrTx = db) {
    const [low, high] = a < b ? [a, b] : [b, a];
    const [created] = await tx
      .insert(chats)
      .values({ kind: 'DIRECT', userLowId: low, userHighId: high })
      .onConflictDoNothing()
      .returning({ id: chats.id });
    if (created) {
      await tx.insert(chatMembers).values([
        { chatId: created.id, userId: low },
        { chatId: created.id, userId: high },
      ]);
      return { chatId: created.id, created: true };
    }
    const [existing] = await tx
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userLowId, low), eq(chats.userHighId, high)));
    return { chatId: existing!.id, created: false };
  }

  return {
    db,
    openDirect,
    lockForSend,
    insertText,
    summaries,
    findForMember,
    isMember,
    memberIds,
    chatIdsOf,
    chatIdsOfUsers,
    participants,
    countParticipants,
    memberPage,
    messageById,
    findByClientId,
    moveReadMarker,
    lastMessageId,
    readMessageNotifications,
    claimEndedActivities,
    chatName,
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
