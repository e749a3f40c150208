import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { groupMembers, notifications, pushOutbox, pushTokens } from '../../db/schema.ts';
import { noChatEvents } from '../chat/chat-membership.ts';
import { createChanges } from './changes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Every live event fails, as when the socket layer (or Redis behind it) is down. */
const liveDeliveryFails = () => {
  vi.spyOn(t.core.realtime, 'toUser').mockImplementation(() => {
    throw new Error('socket layer down');
  });
  vi.spyOn(t.core.realtime, 'toChat').mockImplementation(() => {
    throw new Error('socket layer down');
  });
};

describe('a committed change whose live delivery fails', () => {
  it('still answers 200 for a group, with its notification stored and its push queued', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const { group } = await t.ok('group/create-new', { name: 'Closed club', type: 'CLOSED' }, admin.token);
    await t.ok('group/request-access', { groupId: group.groupId }, runner.token);
    const { sessionId } = await t.core.tokens.issue(runner.id);
    await t.db
      .insert(pushTokens)
      .values({ userId: runner.id, sessionId, token: `device-${runner.id}`, platform: 'ios' });
    liveDeliveryFails();
    const res = await t.call('group/accept-request', { groupId: group.groupId, userId: runner.id }, admin.token);
    expect(res.status).toBe(200);
    const [member] = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.groupId), eq(groupMembers.userId, runner.id)));
    expect(member?.state).toBe('PARTICIPATING');
    const [stored] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, runner.id), eq(notifications.type, 'GROUP_ACCEPT')));
    expect(stored).toBeDefined();
    // The push outbox holds it: the push sender retries it whatever happened to the live event.
    const queued = await t.db.select().from(pushOutbox).where(eq(pushOutbox.notificationId, stored!.id));
    expect(queued).toHaveLength(1);
  });

  it('still answers 200 for an activity and for a chat message', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, admin, { access: 'CLOSED' });
    await t.ok('activity/request-access', { activityId: activity.activityId }, runner.token);
    liveDeliveryFails();
    const accepted = await t.call(
      'activity/accept-request',
      { activityId: activity.activityId, userId: runner.id },
      admin.token,
    );
    expect(accepted.status).toBe(200);
    const chatId = accepted.body.activity.chatId!;
    const sent = await t.call(
      'chat/send-message',
      { chatId, text: 'See you there', clientMessageId: crypto.randomUUID() },
      runner.token,
    );
    expect(sent.status).toBe(200);
  });
});

describe('createChanges', () => {
  const fakes = () => {
    const delivered: unknown[] = [];
    const published: unknown[] = [];
    const warnings: string[] = [];
    const changes = createChanges({
      db: t.db,
      notifier: {
        record: async (input) => [{ row: { id: input.targetId } as never, actor: null, targetName: null }],
        deliver: async (stored) => {
          delivered.push(...stored);
        },
      },
      chatMembership: {
        publish: async (events) => {
          published.push(events);
        },
      },
      log: { warn: (_details, message) => warnings.push(message) },
    });
    return { changes, delivered, published, warnings };
  };

  it('delivers what a change queued once, after its commit', async () => {
    const { changes, delivered, published } = fakes();
    const order: string[] = [];
    const result = await changes.run(async (_tx, fx) => {
      await fx.notify({ userIds: ['a'], type: 'GROUP_ACCEPT', targetId: 'n1', actorId: null });
      fx.chat.closed.push('chat-1');
      fx.afterCommit(() => {
        order.push('after');
      });
      order.push('work');
      expect(delivered).toHaveLength(0);
      return 42;
    });
    expect(result).toBe(42);
    expect(order).toEqual(['work', 'after']);
    expect(delivered).toHaveLength(1);
    expect(published).toEqual([{ ...noChatEvents(), closed: ['chat-1'] }]);
  });

  it('delivers nothing when the change fails, and rethrows its error', async () => {
    const { changes, delivered } = fakes();
    const sent = vi.fn();
    await expect(
      changes.run(async (_tx, fx) => {
        await fx.notify({ userIds: ['a'], type: 'GROUP_ACCEPT', targetId: 'n1', actorId: null });
        fx.afterCommit(sent);
        throw new Error('invalid');
      }),
    ).rejects.toThrow('invalid');
    expect(delivered).toHaveLength(0);
    expect(sent).not.toHaveBeenCalled();
  });

  it('logs a failed delivery and still delivers the rest', async () => {
    const { changes, delivered, warnings } = fakes();
    await changes.run(async (_tx, fx) => {
      await fx.notify({ userIds: ['a'], type: 'GROUP_ACCEPT', targetId: 'n1', actorId: null });
      fx.afterCommit(() => {
        throw new Error('down');
      });
    });
    expect(delivered).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });
});
