import { type AdminCallInput, type AdminCallName, adminCallPath } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { listen, openSocket, sleep, type TestSocket, until } from '../../../test/chat-factories.ts';
import { newUser, reauthenticate } from '../../../test/factories.ts';
import { skippedWithoutServices, twoInstances } from '../../../test/instances.ts';

// The periodic session check runs every 30 s: anything that disconnects within a second or two
// comes from the suspension or deletion itself.
const AT_ONCE_MS = 2000;

async function adminCall<K extends AdminCallName>(
  t: Pick<TestApp, 'app'>,
  name: K,
  body: AdminCallInput<K>,
  token: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: adminCallPath(name),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
}

/** Resolves with the reason once the socket is dropped. */
const dropped = (socket: TestSocket) => {
  const state = { reason: null as string | null };
  socket.on('disconnect', (reason) => {
    state.reason = reason;
  });
  return state;
};

describe('suspension and deletion (by an admin or by oneself) drop open sockets at once', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('disconnects every socket of a suspended person, and only theirs; the old token cannot reconnect', async () => {
    const moderator = await newUser(t, { role: 'MODERATOR' });
    const [person, bystander] = [await newUser(t), await newUser(t)];
    const phone = await openSocket(url, person.token);
    const laptop = await openSocket(url, person.token);
    const other = await openSocket(url, bystander.token);
    sockets.push(phone, laptop, other);
    const [a, b, c] = [dropped(phone), dropped(laptop), dropped(other)];

    await adminCall(t, 'users/suspend', { userId: person.id, days: 3, reason: 'Harassing people' }, moderator.token);
    await until(() => a.reason !== null && b.reason !== null, AT_ONCE_MS, 'the suspended person to be disconnected');
    expect([a.reason, b.reason]).toEqual(['io server disconnect', 'io server disconnect']);
    await sleep(100);
    expect(c.reason).toBeNull();
    expect(other.connected).toBe(true);
    await expect(openSocket(url, person.token)).rejects.toThrow('UNAUTHORIZED');
  });

  it('disconnects a person whose account an admin deletes', async () => {
    const admin = await newUser(t, { role: 'ADMIN' });
    const person = await newUser(t);
    const socket = await openSocket(url, person.token);
    sockets.push(socket);
    const state = dropped(socket);
    await adminCall(t, 'users/delete', { userId: person.id, reason: 'Spam bot' }, admin.token);
    await until(() => state.reason !== null, AT_ONCE_MS, 'the deleted person to be disconnected');
    expect(state.reason).toBe('io server disconnect');
  });

  it('disconnects a person who deletes their own account', async () => {
    const person = await newUser(t);
    const socket = await openSocket(url, person.token);
    sockets.push(socket);
    const state = dropped(socket);
    await reauthenticate(t, person.token);
    expect(await t.ok('user/delete-account', undefined, person.token)).toEqual({ ok: true });
    await until(() => state.reason !== null, AT_ONCE_MS, 'the person who left to be disconnected');
    expect(state.reason).toBe('io server disconnect');
  });
});

const skipReason = await skippedWithoutServices();

describe.skipIf(skipReason !== '')(`across instances sharing PostgreSQL and Redis${skipReason}`, () => {
  const cluster = twoInstances('cordata_admin_rt');

  it('drops the suspended person’s socket on the other instance at once', async () => {
    const moderator = await newUser(cluster.one.t, { role: 'MODERATOR' });
    const person = await newUser(cluster.one.t);
    const here = await openSocket(cluster.one.url, person.token);
    const there = await openSocket(cluster.two.url, person.token);
    cluster.sockets.push(here, there);
    const [a, b] = [dropped(here), dropped(there)];
    await adminCall(
      cluster.one.t,
      'users/suspend',
      { userId: person.id, days: 1, reason: 'Cooling off' },
      moderator.token,
    );
    await until(() => a.reason !== null && b.reason !== null, AT_ONCE_MS, 'both instances to drop the sockets');
    expect(b.reason).toBe('io server disconnect');
  });
});
