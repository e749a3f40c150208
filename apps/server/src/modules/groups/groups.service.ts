import type { CallBody, Group, GroupSummary, ParticipationStatus, SkipReason } from '@cordata/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { activities, type MemberState } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import * as access from '../access/access.ts';
import { groupRules } from '../access/access.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { searchable, toUserSummary } from '../users/user-summary.ts';
import type { GroupRow, GroupsRepository } from './groups.repository.ts';

export interface GroupsDeps {
  db: Db;
  repo: GroupsRepository;
  changes: Changes;
  chatMembership: Pick<ChatMembership, 'create' | 'chatIdOf' | 'join' | 'leave' | 'close'>;
  pictures: Pick<UploadsService, 'claim'>;
  now: () => Date;
}

type Found = NonNullable<Awaited<ReturnType<GroupsRepository['find']>>>;

const status = (state: MemberState | null | undefined): ParticipationStatus => state ?? 'NONE';

export function toGroupSummary(row: {
  group: GroupRow;
  membersCount: number;
  myState: MemberState | null;
  myIsAdmin: boolean | null;
  distance?: number | null;
}): GroupSummary {
  const g = row.group;
  return {
    groupId: g.id,
    name: g.name,
    description: g.description,
    type: g.type,
    sportIds: g.sportIds,
    location:
      g.latitude !== null && g.longitude !== null
        ? { latitude: g.latitude, longitude: g.longitude, ...(g.address ? { address: g.address } : {}) }
        : null,
    picture: g.picture,
    membersCount: Number(row.membersCount),
    status: status(row.myState),
    isAdmin: row.myState === 'PARTICIPATING' && row.myIsAdmin === true,
    ...(row.distance !== null && row.distance !== undefined
      ? { distance: Math.round(Number(row.distance) * 100) / 100 }
      : {}),
  };
}

/**
 * Groups: open ones are joined directly, closed ones by a request an admin accepts, or by an
 * invitation. The group's chat follows its members.
 */
export function createGroupsService(deps: GroupsDeps) {
  const { repo } = deps;

  const change = deps.changes.run;

  async function found(groupId: string, userId: string, tx?: DbOrTx): Promise<Found> {
    const row = await repo.find(groupId, userId, tx);
    if (!row) throw new ApiError('GROUP_NOT_FOUND');
    return row;
  }

  const mine = (row: Found) => (row.myState ? { state: row.myState, isAdmin: row.myIsAdmin === true } : null);
  const isMember = (row: Found) => access.isMember(mine(row));
  const isAdmin = (row: Found) => access.isAdmin(mine(row));
  function assertAdmin(row: Found) {
    if (!isAdmin(row)) throw new ApiError('FORBIDDEN', { message: 'Only the admins of the group can do this' });
  }

  async function read(groupId: string, userId: string, tx?: DbOrTx): Promise<Group> {
    const row = await found(groupId, userId, tx);
    const admin = isAdmin(row);
    return {
      ...toGroupSummary(row),
      rejectionReason: row.myState === 'REJECTED' ? row.myRejectionReason : null,
      pendingRequestsCount: admin ? await repo.countByState(groupId, 'REQUESTED') : 0,
      chatId: isMember(row) ? await deps.chatMembership.chatIdOf(tx ?? deps.db, { kind: 'GROUP', groupId }) : null,
      createdAt: row.group.createdAt.toISOString(),
    };
  }

  async function pictureOf(
    picture: string | null | undefined,
    current: string | null,
    userId: string,
    baseUrl: string,
  ) {
    if (picture === undefined) return current;
    if (picture === null || picture === current) return picture;
    return deps.pictures.claim(picture, userId, 'GROUP_PICTURE', baseUrl);
  }

  async function create(userId: string, input: CallBody<'group/create-new'>, baseUrl: string) {
    const picture = await pictureOf(input.picture, null, userId, baseUrl);
    const groupId = await change(async (tx, effects) => {
      const group = await repo.insert(
        {
          name: input.name,
          searchName: searchable(input.name),
          description: input.description,
          type: input.type,
          sportIds: [...new Set(input.sportIds ?? [])],
          latitude: input.location?.latitude ?? null,
          longitude: input.location?.longitude ?? null,
          address: input.location?.address ?? null,
          picture,
          createdBy: userId,
        },
        tx,
      );
      await repo.upsertMember(
        { groupId: group.id, userId, state: 'PARTICIPATING', isAdmin: true, joinedAt: deps.now() },
        tx,
      );
      await deps.chatMembership.create(tx, { kind: 'GROUP', groupId: group.id }, userId, effects.chat);
      return group.id;
    });
    return read(groupId, userId);
  }

  async function update(userId: string, input: CallBody<'group/update-existing'>, baseUrl: string) {
    const row = await found(input.groupId, userId);
    assertAdmin(row);
    const picture = await pictureOf(input.picture, row.group.picture, userId, baseUrl);
    const location = input.location === undefined ? undefined : input.location;
    await repo.update(
      input.groupId,
      {
        name: input.name,
        searchName: searchable(input.name),
        description: input.description,
        type: input.type,
        ...(input.sportIds ? { sportIds: [...new Set(input.sportIds)] } : {}),
        ...(location !== undefined
          ? {
              latitude: location?.latitude ?? null,
              longitude: location?.longitude ?? null,
              address: location?.address ?? null,
            }
          : {}),
        picture,
        updatedAt: deps.now(),
      },
      deps.db,
    );
    return read(input.groupId, userId);
  }

  /** Deleting keeps the group's activities readable to their participants: they become standalone. */
  async function remove(userId: string, groupId: string) {
    const row = await found(groupId, userId);
    assertAdmin(row);
    await change(async (tx, effects) => {
      await repo.update(groupId, { deletedAt: deps.now() }, tx);
      await tx.update(activities).set({ groupId: null }).where(eq(activities.groupId, groupId));
      const chatId = await deps.chatMembership.chatIdOf(tx, { kind: 'GROUP', groupId });
      if (chatId) await deps.chatMembership.close(tx, chatId, effects.chat);
    });
    return { ok: true as const };
  }

  async function join(tx: DbOrTx, effects: Effects, groupId: string, userId: string) {
    await repo.setState(groupId, userId, { state: 'PARTICIPATING', rejectionReason: null, joinedAt: deps.now() }, tx);
    const chatId = await deps.chatMembership.chatIdOf(tx, { kind: 'GROUP', groupId });
    if (chatId) await deps.chatMembership.join(tx, chatId, userId, effects.chat);
  }

  async function participate(userId: string, groupId: string) {
    await change(async (tx, effects) => {
      await repo.lock(groupId, tx);
      const row = await found(groupId, userId, tx);
      if (row.myState === 'PARTICIPATING') throw new ApiError('ALREADY_PARTICIPATING');
      if (row.myState !== 'INVITED' && row.group.type === 'CLOSED') throw new ApiError('ACCESS_REQUEST_REQUIRED');
      if (!row.myState || row.myState === 'REJECTED' || row.myState === 'REQUESTED') {
        await repo.upsertMember({ groupId, userId, state: 'PARTICIPATING', joinedAt: deps.now() }, tx);
      }
      await join(tx, effects, groupId, userId);
    });
    return read(groupId, userId);
  }

  async function requestAccess(userId: string, groupId: string) {
    const row = await found(groupId, userId);
    if (row.myState === 'PARTICIPATING') throw new ApiError('ALREADY_PARTICIPATING');
    if (row.myState === 'REQUESTED') throw new ApiError('ALREADY_REQUESTED');
    // An open group or a standing invitation needs no approval.
    if (row.group.type === 'OPEN' || row.myState === 'INVITED') return participate(userId, groupId);
    await change(async (tx, effects) => {
      await repo.upsertMember({ groupId, userId, state: 'REQUESTED' }, tx);
      await effects.notify({
        userIds: await repo.adminIds(groupId, tx),
        type: 'GROUP_REQUEST',
        targetId: groupId,
        actorId: userId,
        targetName: row.group.name,
      });
    });
    return read(groupId, userId);
  }

  async function pendingRequest(groupId: string, userId: string, tx: DbOrTx) {
    const member = await repo.member(groupId, userId, tx);
    if (member?.state !== 'REQUESTED') throw new ApiError('REQUEST_NOT_FOUND');
  }

  async function acceptRequest(adminId: string, groupId: string, userId: string) {
    const row = await found(groupId, adminId);
    assertAdmin(row);
    await change(async (tx, effects) => {
      await pendingRequest(groupId, userId, tx);
      await join(tx, effects, groupId, userId);
      await effects.notify({
        userIds: [userId],
        type: 'GROUP_ACCEPT',
        targetId: groupId,
        actorId: adminId,
        targetName: row.group.name,
      });
    });
    return read(groupId, adminId);
  }

  async function rejectRequest(adminId: string, groupId: string, userId: string, reason: string) {
    const row = await found(groupId, adminId);
    assertAdmin(row);
    await change(async (tx, effects) => {
      await pendingRequest(groupId, userId, tx);
      await repo.setState(groupId, userId, { state: 'REJECTED', rejectionReason: reason }, tx);
      await effects.notify({
        userIds: [userId],
        type: 'GROUP_REJECT',
        targetId: groupId,
        actorId: adminId,
        reason,
        targetName: row.group.name,
      });
    });
    return read(groupId, adminId);
  }

  /** The last admin of a group with other members cannot step down or leave. */
  async function assertNotLastAdmin(tx: DbOrTx, groupId: string, userId: string) {
    const admins = await repo.adminIds(groupId, tx);
    if (admins.length === 1 && admins[0] === userId) throw new ApiError('LAST_ADMIN');
  }

  async function leave(tx: DbOrTx, effects: Effects, groupId: string, userId: string, wasMember: boolean) {
    await repo.removeMember(groupId, userId, tx);
    if (!wasMember) return;
    const chatId = await deps.chatMembership.chatIdOf(tx, { kind: 'GROUP', groupId });
    if (chatId) await deps.chatMembership.leave(tx, chatId, userId, effects.chat);
  }

  async function exit(userId: string, groupId: string) {
    await change(async (tx, effects) => {
      await repo.lock(groupId, tx);
      const row = await found(groupId, userId, tx);
      if (!row.myState) throw new ApiError('NOT_FOUND', { message: 'You are not in this group' });
      if (isAdmin(row)) await assertNotLastAdmin(tx, groupId, userId);
      await leave(tx, effects, groupId, userId, isMember(row));
    });
    return read(groupId, userId);
  }

  async function removeUser(adminId: string, groupId: string, userId: string) {
    await change(async (tx, effects) => {
      await repo.lock(groupId, tx);
      const row = await found(groupId, adminId, tx);
      assertAdmin(row);
      if (userId === adminId) throw new ApiError('FORBIDDEN', { message: 'Leave the group instead' });
      const member = await repo.member(groupId, userId, tx);
      if (!member) throw new ApiError('USER_NOT_FOUND');
      if (member.isAdmin && member.state === 'PARTICIPATING') {
        throw new ApiError('FORBIDDEN', { message: 'Remove their admin rights first' });
      }
      await leave(tx, effects, groupId, userId, member.state === 'PARTICIPATING');
    });
    return read(groupId, adminId);
  }

  async function setAdmin(adminId: string, groupId: string, userId: string, admin: boolean) {
    await change(async (tx) => {
      await repo.lock(groupId, tx);
      const row = await found(groupId, adminId, tx);
      assertAdmin(row);
      const member = await repo.member(groupId, userId, tx);
      if (member?.state !== 'PARTICIPATING')
        throw new ApiError('USER_NOT_FOUND', { message: 'Not a member of this group' });
      if (!admin) await assertNotLastAdmin(tx, groupId, userId);
      await repo.setState(groupId, userId, { isAdmin: admin }, tx);
    });
    return read(groupId, adminId);
  }

  /** Members of an open group may invite their contacts; in a closed group, only admins. */
  async function invite(userId: string, groupId: string, userIds: string[]) {
    const row = await found(groupId, userId);
    if (row.group.type === 'CLOSED' ? !isAdmin(row) : !isMember(row)) {
      throw new ApiError('FORBIDDEN', { message: 'You cannot invite people to this group' });
    }
    const candidates = [...new Set(userIds)].filter((id) => id !== userId);
    return change(async (tx, effects) => {
      const [live, contacts, members] = await Promise.all([
        repo.liveUserIds(candidates, tx),
        repo.contactIds(userId, candidates, tx),
        repo.membersOf(groupId, candidates, tx),
      ]);
      const stateOf = new Map(members.map((m) => [m.userId, m.state]));
      const invited: string[] = [];
      const skipped: { userId: string; reason: SkipReason }[] = [];
      for (const id of candidates) {
        if (!live.has(id)) continue;
        const reason = skipReasonFor(stateOf.get(id) ?? null, contacts.has(id));
        if (reason) skipped.push({ userId: id, reason });
        else invited.push(id);
      }
      await repo.invite(groupId, invited, userId, tx);
      await effects.notify({
        userIds: invited,
        type: 'GROUP_INVITE',
        targetId: groupId,
        actorId: userId,
        targetName: row.group.name,
      });
      return { invited, skipped };
    });
  }

  /** A closed group's members (and calendar) are visible to its members only. */
  async function assertMembersVisible(
    userId: string,
    groupId: string,
    message = 'Only members can see who is in this group',
  ) {
    const row = await found(groupId, userId);
    if (!groupRules.membersVisible({ type: row.group.type, myState: row.myState })) {
      throw new ApiError('FORBIDDEN', { message });
    }
  }

  async function participants(userId: string, groupId: string, page: { page: number; limit: number }) {
    await assertMembersVisible(userId, groupId);
    const rows = await repo.listByState(groupId, 'PARTICIPATING', page);
    return rows.map((r) => ({
      ...toUserSummary(r),
      isAdmin: r.isAdmin,
      joinedAt: (r.joinedAt ?? r.createdAt).toISOString(),
    }));
  }

  async function requests(userId: string, groupId: string, page: { page: number; limit: number }) {
    assertAdmin(await found(groupId, userId));
    const rows = await repo.listByState(groupId, 'REQUESTED', page);
    return rows.map((r) => ({ ...toUserSummary(r), requestedAt: r.createdAt.toISOString() }));
  }

  async function invitableContacts(
    userId: string,
    groupId: string,
    query: string | undefined,
    page: { page: number; limit: number },
  ) {
    const row = await found(groupId, userId);
    if (row.group.type === 'CLOSED' ? !isAdmin(row) : !isMember(row)) throw new ApiError('FORBIDDEN');
    const rows = await repo.contactsWithMembership(userId, groupId, query, page);
    return rows.map((r) => {
      const reason = skipReasonFor(r.state, true);
      return { ...toUserSummary(r), invitable: reason === null, reason };
    });
  }

  async function countHidden(userId: string, groupId: string) {
    await found(groupId, userId);
    return { count: await repo.countByState(groupId, 'PARTICIPATING') };
  }

  async function explore(userId: string, body: CallBody<'group/explore-groups'>) {
    const hasPlace = body.latitude !== undefined && body.longitude !== undefined;
    if ((body.latitude === undefined) !== (body.longitude === undefined)) {
      throw new ApiError('VALIDATION_ERROR', { message: 'Give both latitude and longitude' });
    }
    const rows = await repo.explore(userId, {
      text: body.query ? searchable(body.query) : undefined,
      sportIds: body.sportIds,
      near: hasPlace
        ? { latitude: body.latitude!, longitude: body.longitude!, radiusMetres: (body.radiusKm ?? 50) * 1000 }
        : undefined,
      page: body.pagination,
    });
    return rows.map(toGroupSummary);
  }

  return {
    read,
    create,
    update,
    remove,
    participate,
    requestAccess,
    acceptRequest,
    rejectRequest,
    exit,
    removeUser,
    setAdmin,
    invite,
    participants,
    requests,
    invitableContacts,
    countHidden,
    explore,
    assertMembersVisible,
  };
}

function skipReasonFor(state: MemberState | null, isContact: boolean): SkipReason | null {
  if (state === 'INVITED') return 'ALREADY_INVITED';
  if (state === 'PARTICIPATING') return 'ALREADY_PARTICIPATING';
  if (state === 'REQUESTED') return 'PENDING_REQUEST';
  if (!isContact) return 'NOT_CONTACT';
  return null;
}

export type GroupsService = ReturnType<typeof createGroupsService>;
