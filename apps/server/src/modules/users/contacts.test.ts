import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { connect, newGroup } from '../activities/activities.test-helpers.ts';

/**
 * Spec §9 pages (10 a page, from 1) over a person's contacts: their own list and the invitable lists of
 * an activity and a group (`contactsWithMembership`), which the invite sheet and the wizard page through.
 */
let t: TestApp;
type User = Awaited<ReturnType<typeof newUser>>;
let owner: User;
let contacts: User[];
const page = (n: number) => ({ page: n, limit: 10 });

beforeAll(async () => {
  t = await createTestApp();
  owner = await newUser(t, { firstName: 'Owner' });
  contacts = [];
  // Names sort as the pages do (first name, last name, id); created out of order on purpose.
  for (const n of [7, 13, 1, 12, 2, 3, 4, 5, 6, 8, 9, 10, 11]) {
    contacts.push(await newUser(t, { firstName: `Pal${String(n).padStart(2, '0')}` }));
  }
  contacts.sort((a, b) => (a.firstName ?? '').localeCompare(b.firstName ?? ''));
  for (const c of contacts) await connect(t, owner, c);
  // Someone else's contact and a stranger never show.
  const other = await newUser(t, { firstName: 'Aaa' });
  await connect(t, other, contacts[0]!);
});
afterAll(() => t.close());

const names = (rows: { firstName: string | null }[]) => rows.map((r) => r.firstName);
const expected = () => names(contacts);

describe('contact pages', () => {
  it('user/list-contacts: 13 contacts are 10 then 3, then nothing', async () => {
    const list = async (n: number) =>
      (await t.ok('user/list-contacts', { status: 'CONTACT', pagination: page(n) }, owner.token)).contacts;
    const [first, second, third] = [await list(1), await list(2), await list(3)];
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(3);
    expect(third).toEqual([]);
    expect(names([...first, ...second]).sort()).toEqual(expected());
  });

  it('activity/list-invitable-contacts: 10 then 3 in name order, each with its state in the activity', async () => {
    const activity = await newActivity(t, owner);
    const invited = contacts[11]!;
    await t.ok('activity/invite-users', { activityId: activity.activityId, userIds: [invited.id] }, owner.token);
    const list = async (n: number) =>
      (
        await t.ok(
          'activity/list-invitable-contacts',
          { activityId: activity.activityId, pagination: page(n) },
          owner.token,
        )
      ).contacts;
    const [first, second, third] = [await list(1), await list(2), await list(3)];
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(3);
    expect(third).toEqual([]);
    expect(names([...first, ...second])).toEqual(expected());
    expect(second.find((c) => c.userId === invited.id)).toMatchObject({ invitable: false, reason: 'ALREADY_INVITED' });
    expect(first.every((c) => c.invitable && c.reason === null)).toBe(true);
    // A search pages too.
    const found = await t.ok(
      'activity/list-invitable-contacts',
      { activityId: activity.activityId, query: 'pal1', pagination: { page: 2, limit: 2 } },
      owner.token,
    );
    expect(names(found.contacts)).toEqual(['Pal12', 'Pal13']);
  });

  it('group/list-invitable-contacts: 10 then 3 in name order, members marked', async () => {
    const member = contacts[10]!;
    const group = await newGroup(t, 'Pals', [owner, member]);
    const list = async (n: number) =>
      (await t.ok('group/list-invitable-contacts', { groupId: group.id, pagination: page(n) }, owner.token)).contacts;
    const [first, second, third] = [await list(1), await list(2), await list(3)];
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(3);
    expect(third).toEqual([]);
    expect(names([...first, ...second])).toEqual(expected());
    expect(second.find((c) => c.userId === member.id)).toMatchObject({
      invitable: false,
      reason: 'ALREADY_PARTICIPATING',
    });
  });

  it('refuses a page before the first and a page larger than the contract allows', async () => {
    for (const pagination of [
      { page: 0, limit: 10 },
      { page: 1, limit: 0 },
      { page: 1, limit: 1000 },
    ]) {
      const res = await t.call('user/list-contacts', { status: 'CONTACT', pagination }, owner.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });
});
