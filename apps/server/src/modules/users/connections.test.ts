import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { notifications } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notificationsOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

const stateBetween = async (viewer: { token: string }, other: { id: string }) =>
  (await t.ok('user/profile', { userId: other.id }, viewer.token)).connection;

describe('connection transitions', () => {
  it('request → REQUEST_SENT for the requester, REQUEST_RECEIVED for the other, with a CONTACT_REQUEST notification', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    expect(await t.ok('user/request-connection', { userId: b.id }, a.token)).toEqual({ connection: 'REQUEST_SENT' });
    expect(await stateBetween(a, b)).toBe('REQUEST_SENT');
    expect(await stateBetween(b, a)).toBe('REQUEST_RECEIVED');
    const [notice] = await notificationsOf(b.id, 'CONTACT_REQUEST');
    expect(notice).toMatchObject({ targetId: a.id, actorId: a.id });
  });

  it('accept by the addressee → CONTACT both ways, with a NEW_CONTACT notification to the requester', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: b.id }, a.token);
    expect(await t.ok('user/accept-connection', { userId: a.id }, b.token)).toEqual({ connection: 'CONTACT' });
    expect(await stateBetween(a, b)).toBe('CONTACT');
    expect(await stateBetween(b, a)).toBe('CONTACT');
    expect(await notificationsOf(a.id, 'NEW_CONTACT')).toHaveLength(1);
  });

  it('the requester cannot accept their own request', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: b.id }, a.token);
    const res = await t.call('user/accept-connection', { userId: b.id }, a.token);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('FORBIDDEN');
    expect(await stateBetween(a, b)).toBe('REQUEST_SENT');
  });

  it('accepting without a request is CONNECTION_NOT_FOUND', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const res = await t.call('user/accept-connection', { userId: b.id }, a.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('CONNECTION_NOT_FOUND');
  });

  it('a request back while one is pending accepts it', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: b.id }, a.token);
    expect(await t.ok('user/request-connection', { userId: a.id }, b.token)).toEqual({ connection: 'CONTACT' });
    expect(await stateBetween(a, b)).toBe('CONTACT');
    expect(await notificationsOf(a.id, 'NEW_CONTACT')).toHaveLength(1);
    expect(await notificationsOf(a.id, 'CONTACT_REQUEST')).toHaveLength(0);
  });

  it('a second request or a request to a contact is a 409 CONNECTION_EXISTS', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: b.id }, a.token);
    const again = await t.call('user/request-connection', { userId: b.id }, a.token);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('CONNECTION_EXISTS');
    await t.ok('user/accept-connection', { userId: a.id }, b.token);
    expect((await t.call('user/request-connection', { userId: a.id }, b.token)).status).toBe(409);
    expect(await notificationsOf(b.id, 'CONTACT_REQUEST')).toHaveLength(1);
  });

  it('cancel a sent request, decline a received one, remove a contact: NONE, and no notification', async () => {
    const [a, b, c, d] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: b.id }, a.token);
    expect(await t.ok('user/delete-connection', { userId: b.id }, a.token)).toEqual({ connection: 'NONE' });
    expect(await stateBetween(b, a)).toBe('NONE');

    await t.ok('user/request-connection', { userId: c.id }, a.token);
    expect(await t.ok('user/delete-connection', { userId: a.id }, c.token)).toEqual({ connection: 'NONE' });
    expect(await stateBetween(a, c)).toBe('NONE');

    await t.ok('user/request-connection', { userId: d.id }, a.token);
    await t.ok('user/accept-connection', { userId: a.id }, d.token);
    const before =
      (await notificationsOf(a.id, 'NEW_CONTACT')).length + (await notificationsOf(d.id, 'NEW_CONTACT')).length;
    expect(await t.ok('user/delete-connection', { userId: a.id }, d.token)).toEqual({ connection: 'NONE' });
    expect(await stateBetween(a, d)).toBe('NONE');
    const after =
      (await notificationsOf(a.id, 'NEW_CONTACT')).length + (await notificationsOf(d.id, 'NEW_CONTACT')).length;
    expect(after).toBe(before);
    // And they can start over.
    expect(await t.ok('user/request-connection', { userId: a.id }, d.token)).toEqual({ connection: 'REQUEST_SENT' });
  });

  it('deleting a connection that does not exist is CONNECTION_NOT_FOUND', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const res = await t.call('user/delete-connection', { userId: b.id }, a.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('CONNECTION_NOT_FOUND');
  });
});

describe('who may change a connection', () => {
  it('a third person can neither accept nor remove the connection of two others', async () => {
    const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: b.id }, a.token);
    expect((await t.call('user/accept-connection', { userId: a.id }, c.token)).status).toBe(404);
    expect((await t.call('user/delete-connection', { userId: a.id }, c.token)).status).toBe(404);
    expect((await t.call('user/delete-connection', { userId: b.id }, c.token)).status).toBe(404);
    expect(await stateBetween(a, b)).toBe('REQUEST_SENT');
    await t.ok('user/accept-connection', { userId: a.id }, b.token);
    expect((await t.call('user/delete-connection', { userId: b.id }, c.token)).status).toBe(404);
    expect(await stateBetween(a, b)).toBe('CONTACT');
  });

  it('nobody connects with themselves, a deleted, unknown or unfinished account', async () => {
    const a = await newUser(t);
    const unfinished = await newUser(t, { completed: false });
    const self = await t.call('user/request-connection', { userId: a.id }, a.token);
    expect(self.status).toBe(403);
    const unknown = await t.call('user/request-connection', { userId: crypto.randomUUID() }, a.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('USER_NOT_FOUND');
    expect((await t.call('user/request-connection', { userId: unfinished.id }, a.token)).status).toBe(404);
    expect((await t.call('user/request-connection', { userId: 'not-an-id' }, a.token)).status).toBe(400);
  });
});

describe('user/list-contacts', () => {
  it('lists contacts, received and sent requests apart, and narrows by name without accents or case', async () => {
    const me = await newUser(t);
    const contact = await newUser(t, { firstName: 'Niccolò', lastName: 'Bianchi' });
    const received = await newUser(t, { firstName: 'Sara', lastName: 'Verdi' });
    const sent = await newUser(t, { firstName: 'Luca', lastName: 'Neri' });
    await t.ok('user/request-connection', { userId: me.id }, contact.token);
    await t.ok('user/accept-connection', { userId: contact.id }, me.token);
    await t.ok('user/request-connection', { userId: me.id }, received.token);
    await t.ok('user/request-connection', { userId: sent.id }, me.token);

    const ids = async (status?: 'CONTACT' | 'RECEIVED' | 'SENT', query?: string) =>
      (await t.ok('user/list-contacts', { status, query }, me.token)).contacts.map((c) => [c.userId, c.connection]);
    expect(await ids('CONTACT')).toEqual([[contact.id, 'CONTACT']]);
    expect(await ids('RECEIVED')).toEqual([[received.id, 'REQUEST_RECEIVED']]);
    expect(await ids('SENT')).toEqual([[sent.id, 'REQUEST_SENT']]);
    expect(await ids()).toHaveLength(3);
    expect(await ids(undefined, 'NICCOLO')).toEqual([[contact.id, 'CONTACT']]);
    expect(await ids('SENT', 'niccolo')).toEqual([]);

    const [item] = (await t.ok('user/list-contacts', { status: 'CONTACT' }, me.token)).contacts;
    expect(Object.keys(item!).sort()).toEqual(
      [
        'connection',
        'firstName',
        'lastName',
        'lastOnlineAt',
        'profilePicture',
        'since',
        'sports',
        'userId',
        'username',
      ].sort(),
    );
  });
});

describe('security review L3: request and cancel loops', () => {
  it('notify the other person once per cool-down', async () => {
    const [pest, target] = [await newUser(t), await newUser(t)];
    for (let i = 0; i < 3; i++) {
      expect(await t.ok('user/request-connection', { userId: target.id }, pest.token)).toEqual({
        connection: 'REQUEST_SENT',
      });
      await t.ok('user/delete-connection', { userId: target.id }, pest.token);
    }
    expect(await notificationsOf(target.id, 'CONTACT_REQUEST')).toHaveLength(1);
  });
});
