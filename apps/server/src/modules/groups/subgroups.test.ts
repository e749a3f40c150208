import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activityAttendance, users } from '../../db/schema.ts';
import { newGroup } from '../activities/activities.test-helpers.ts';

/** Sub-groups and ride leaders through the API (issue 40, docs/groups.md); who may call what is the matrix's. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;
const level = { kind: 'DISTANCE', value: 30_000 } as const;

/** A group whose first person is its admin, the others members. */
async function club(people: User[]) {
  const group = await newGroup(t, 'Pace club', people);
  const paceGroup = async (name: string) =>
    (await t.ok('group/create-subgroup', { groupId: group.id, name, sportId: 'hiking', level }, people[0]!.token))
      .subgroup;
  return { groupId: group.id, paceGroup };
}

describe('defining sub-groups', () => {
  it('takes only a level the sport measures, and a sport that exists', async () => {
    const admin = await newUser(t);
    const { groupId } = await club([admin]);
    const wrongKind = await t.call(
      'group/create-subgroup',
      { groupId, name: 'Fast', sportId: 'hiking', level: { kind: 'PACE', value: 300 } },
      admin.token,
    );
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'level.kind' }] });
    const noSport = await t.call(
      'group/create-subgroup',
      { groupId, name: 'Fast', sportId: 'underwater-chess', level },
      admin.token,
    );
    expect(noSport.body.error).toMatchObject({ code: 'SPORT_NOT_FOUND' });
  });

  it('renames one and keeps who is in it', async () => {
    const [admin, rider] = [await newUser(t), await newUser(t)];
    const { paceGroup } = await club([admin, rider]);
    const b = await paceGroup('Pace B');
    await t.ok('group/assign-subgroup', { subgroupId: b.subgroupId, userId: rider.id, member: true }, admin.token);
    const { subgroup } = await t.ok(
      'group/update-subgroup',
      { subgroupId: b.subgroupId, name: 'Pace Bee', sportId: 'hiking', level: { kind: 'TIME', value: 120 } },
      admin.token,
    );
    expect(subgroup).toMatchObject({ name: 'Pace Bee', level: { kind: 'TIME', value: 120 }, membersCount: 1 });
  });
});

describe('who is in them', () => {
  it('a member picks the full set of theirs, and leaves the others', async () => {
    const [admin, rider] = [await newUser(t), await newUser(t)];
    const { groupId, paceGroup } = await club([admin, rider]);
    const [a, b, social] = [await paceGroup('Pace A'), await paceGroup('Pace B'), await paceGroup('Social')];
    await t.ok('group/pick-subgroups', { groupId, subgroupIds: [a.subgroupId, social.subgroupId] }, rider.token);
    const { subgroups } = await t.ok(
      'group/pick-subgroups',
      { groupId, subgroupIds: [b.subgroupId, social.subgroupId] },
      rider.token,
    );
    expect(Object.fromEntries(subgroups.map((s) => [s.name, s.isMine]))).toEqual({
      'Pace A': false,
      'Pace B': true,
      Social: true,
    });
  });

  it("refuses another group's sub-group and someone who is not in the group", async () => {
    const [admin, rider, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
    const { groupId, paceGroup } = await club([admin, rider]);
    const elsewhere = await (await club([stranger])).paceGroup('Elsewhere');
    const picked = await t.call('group/pick-subgroups', { groupId, subgroupIds: [elsewhere.subgroupId] }, rider.token);
    expect(picked.body.error).toMatchObject({ code: 'SUBGROUP_NOT_FOUND' });
    const b = await paceGroup('Pace B');
    const assigned = await t.call(
      'group/assign-subgroup',
      { subgroupId: b.subgroupId, userId: stranger.id, member: true },
      admin.token,
    );
    expect(assigned.body.error).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('lists the members of a sub-group with its ride leaders marked', async () => {
    const [admin, leader, rider] = [await newUser(t), await newUser(t), await newUser(t)];
    const { groupId, paceGroup } = await club([admin, leader, rider]);
    const b = await paceGroup('Pace B');
    for (const person of [leader, rider])
      await t.ok('group/assign-subgroup', { subgroupId: b.subgroupId, userId: person.id, member: true }, admin.token);
    await t.ok('group/make-leader', { groupId, userId: leader.id }, admin.token);
    const { members } = await t.ok('group/list-subgroup-members', { subgroupId: b.subgroupId }, rider.token);
    expect(Object.fromEntries(members.map((m) => [m.userId, m.isLeader]))).toEqual({
      [leader.id]: true,
      [rider.id]: false,
    });
    await t.ok('group/remove-leader', { groupId, userId: leader.id }, admin.token);
    const after = await t.ok('group/list-subgroup-members', { subgroupId: b.subgroupId }, rider.token);
    expect(after.members.every((m) => !m.isLeader)).toBe(true);
  });

  it("tells a ride leader they are one, and that they take the attendance of the group's activities", async () => {
    const [admin, leader, rider, organiser] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    const { groupId } = await club([admin, leader, rider, organiser]);
    await t.ok('group/make-leader', { groupId, userId: leader.id }, admin.token);
    const role = async (who: User) => (await t.ok('group/read-info', { groupId }, who.token)).group.isLeader;
    expect([await role(leader), await role(rider), await role(admin)]).toEqual([true, false, false]);

    const { activityId } = await newActivity(t, organiser, { groupId });
    const takes = async (who: User) =>
      (await t.ok('activity/read-info', { activityId }, who.token)).activity.takesAttendance;
    expect({
      organiser: await takes(organiser),
      admin: await takes(admin),
      leader: await takes(leader),
      rider: await takes(rider),
    }).toEqual({ organiser: true, admin: true, leader: true, rider: false });
  });
});

describe('an activity limited to a sub-group', () => {
  it('is seen by that sub-group, not by another; deleting the sub-group never widens who sees it', async () => {
    const [admin, inB, inA] = [await newUser(t), await newUser(t), await newUser(t)];
    const { groupId, paceGroup } = await club([admin, inB, inA]);
    const [a, b] = [await paceGroup('Pace A'), await paceGroup('Pace B')];
    await t.ok('group/pick-subgroups', { groupId, subgroupIds: [a.subgroupId] }, inA.token);
    await t.ok('group/pick-subgroups', { groupId, subgroupIds: [b.subgroupId] }, inB.token);
    const { activityId } = await newActivity(t, admin, { groupId, subgroupIds: [b.subgroupId] });
    const read = (who: User) => t.call('activity/read-info', { activityId }, who.token);
    expect((await read(inB)).status).toBe(200);
    expect((await read(inA)).body.error).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });

    await t.ok('group/delete-subgroup', { subgroupId: b.subgroupId }, admin.token);
    expect((await read(inB)).body.error).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    expect((await read(inA)).body.error).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    expect((await read(admin)).status).toBe(200);
  });
});

describe('the roster', () => {
  it("is the admins' CSV: sub-groups, role, 90 days of attendance, and an e-mail only where its member opted in", async () => {
    const [admin, leader, rider] = [
      await newUser(t, { firstName: 'Anna', lastName: 'Admin' }),
      await newUser(t, { firstName: 'Leo', lastName: '=Leader' }),
      await newUser(t, { firstName: 'Rita', lastName: 'Rider' }),
    ];
    const { groupId, paceGroup } = await club([admin, leader, rider]);
    const b = await paceGroup('Pace B');
    await t.ok('group/pick-subgroups', { groupId, subgroupIds: [b.subgroupId] }, rider.token);
    await t.ok('group/make-leader', { groupId, userId: leader.id }, admin.token);
    await t.ok('group/share-email', { groupId, share: true }, rider.token);
    expect((await t.ok('group/read-info', { groupId }, rider.token)).group.sharesEmail).toBe(true);
    // Rita took part in one of the group's rides and was marked there.
    const { activityId } = await newActivity(t, admin, { groupId });
    await t.db
      .insert(activityAttendance)
      .values({ activityId, userId: rider.id, status: 'ATTENDED', markedAt: new Date() });

    expect((await t.call('group/export-roster', { groupId }, leader.token)).body.error).toMatchObject({
      code: 'FORBIDDEN',
    });
    const { csv, fileName } = await t.ok('group/export-roster', { groupId }, admin.token);
    expect(fileName).toMatch(/^roster-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"First name","Last name","Username","E-mail","Pace groups","Role","Joined","Attended (90 days)","Marked (90 days)"',
    );
    const row = (first: string) => lines.find((l) => l.startsWith(`"${first}"`))!.split('","');
    expect(row('Anna')[3]).toBe(''); // no e-mail: Anna did not opt in
    expect(row('Anna')[5]).toBe('Admin');
    // A name a spreadsheet would run as a formula is written as text.
    expect(row('Leo')[1]).toBe("'=Leader");
    expect(row('Leo')[5]).toBe('Ride leader');
    expect(row('Rita').slice(3, 6)).toEqual([rider.email, 'Pace B', 'Member']);
    expect(row('Rita').slice(7)).toEqual(['1', '1"']);
  });

  it('writes the headers and roles in the admin’s language', async () => {
    const [admin, member] = [await newUser(t, { firstName: 'Anna' }), await newUser(t, { firstName: 'Rita' })];
    // Before any call of hers, so that no cached session check remembers the language she had.
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, admin.id));
    const { groupId } = await club([admin, member]);
    const { csv } = await t.ok('group/export-roster', { groupId }, admin.token);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Vorname","Nachname","Benutzername","E-Mail","Tempogruppen","Rolle","Beigetreten","Anwesend (90 Tage)","Erfasst (90 Tage)"',
    );
    const role = (first: string) => lines.find((l) => l.startsWith(`"${first}"`))!.split('","')[5];
    expect([role('Anna'), role('Rita')]).toEqual(['Admin', 'Mitglied']);
  });
});
