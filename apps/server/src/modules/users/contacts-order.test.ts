import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { connections, users } from '../../db/schema.ts';

/**
 * user/list-contacts reads its pages through each connection's kept sort names (migration 0031): the order must
 * be the one the old statement computed from users' names, byte for byte (accents, case, ties on the same name),
 * and follow a rename.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof newUser>>;
let owner: User;

const NAMES: [string | null, string | null][] = [
  ['Élodie', 'Zola'],
  ['elodie', 'zola'],
  ['Elodie', 'Álvarez'],
  ['Zoë', null],
  [null, 'Bianchi'],
  ['Ánna', 'B'],
  ['anna', 'b'],
  ['Anna', 'B'],
  ['Łukasz', 'Nowak'],
  ['lukas', 'nowak'],
  ['Same', 'Name'],
  ['Same', 'Name'],
  ['Same', 'Name'],
  ['ß', 'x'],
  ['SS', 'x'],
  ['', ''],
  ['Ørjan', 'Ås'],
  ['orjan', 'as'],
  ['İpek', 'Ç'],
  ['ipek', 'c'],
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await newUser(t, { firstName: 'Owner' });
  for (const [i, [firstName, lastName]] of NAMES.entries()) {
    const other = await newUser(t);
    await t.db.update(users).set({ firstName, lastName }).where(eq(users.id, other.id));
    // Both sides of the pair, accepted and pending, so every branch of the list is read.
    const mine = i % 2 === 0;
    const status = i % 5 === 4 ? 'PENDING' : 'ACCEPTED';
    await t.db.insert(connections).values({
      requesterId: mine ? owner.id : other.id,
      addresseeId: mine ? other.id : owner.id,
      status,
      acceptedAt: status === 'ACCEPTED' ? new Date() : null,
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 3))),
    });
  }
});
afterAll(() => t.close());

/** The order as user/list-contacts computed it before the sort names were kept (joined and sorted). */
async function oldOrder(status?: 'CONTACT' | 'RECEIVED' | 'SENT') {
  const me = owner.id;
  const filter = {
    CONTACT: sql`c.status = 'ACCEPTED'`,
    RECEIVED: sql`c.status = 'PENDING' and c.addressee_id = ${me}`,
    SENT: sql`c.status = 'PENDING' and c.requester_id = ${me}`,
    all: sql`true`,
  }[status ?? 'all'];
  const rows = await t.db.execute<{ id: string }>(sql`
    select u.id from connections c
    join users u on u.id = case when c.requester_id = ${me} then c.addressee_id else c.requester_id end
    where (c.requester_id = ${me} or c.addressee_id = ${me}) and u.deleted_at is null and ${filter}
    order by (c.status = 'ACCEPTED') desc,
      case when c.status = 'ACCEPTED' then lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) end,
      c.created_at desc, u.id`);
  const list = (rows as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]);
  return list.map((r) => r.id);
}

async function pages(status?: 'CONTACT' | 'RECEIVED' | 'SENT') {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { contacts } = await t.ok('user/list-contacts', { status, pagination: { page, limit: 3 } }, owner.token);
    ids.push(...contacts.map((c) => c.userId));
    if (contacts.length < 3) return ids;
  }
}

describe('user/list-contacts order', () => {
  it('is the old order, page after page, for every status', async () => {
    for (const status of [undefined, 'CONTACT', 'RECEIVED', 'SENT'] as const) {
      const expected = await oldOrder(status);
      expect(expected.length).toBeGreaterThan(0);
      expect(await pages(status)).toEqual(expected);
    }
  });

  it('follows a rename, on either side of the pair (the users trigger)', async () => {
    const before = await pages('CONTACT');
    const [last, first] = [before.at(-1)!, before[0]!];
    await t.db.update(users).set({ firstName: '  aaa first now' }).where(eq(users.id, last));
    await t.db.update(users).set({ firstName: 'zzz', lastName: 'last now' }).where(eq(users.id, first));
    const after = await pages('CONTACT');
    expect(after[0]).toBe(last);
    expect(after.indexOf(first)).toBeGreaterThan(before.indexOf(first));
    expect(after).toEqual(await oldOrder('CONTACT'));
  });
});
