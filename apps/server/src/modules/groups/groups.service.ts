import type { CallBody, Group, GroupSummary, Language } from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MemberState } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import * as access from '../access/access.ts';
import type { ActivitiesRepository } from '../activities/activities.repository.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import { localizedPlace } from '../location/localized-place.ts';
import { consentChange, consentGivenOf, consentOf } from '../membership/consent.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import { statusOf } from '../membership/membership.service.ts';
import type { Changes } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { searchable } from '../users/user-summary.ts';
import type { GroupRow, GroupsRepository } from './groups.repository.ts';

export interface GroupsDeps {
  db: Db;
  repo: GroupsRepository;
  activities: Pick<ActivitiesRepository, 'detachFromGroup'>;
  memberships: Pick<MembershipRepository, 'put' | 'count' | 'adminsCount' | 'memberIds'>;
  changes: Changes;
  chatMembership: Pick<ChatMembership, 'create' | 'chatIdOf' | 'close'>;
  pictures: Pick<UploadsService, 'claim'>;
  now: () => Date;
  /** The caller's language, for places shown in the reader's language (tokens.languageOf). */
  readerLanguage: (userId: string) => Promise<Language>;
}

type Found = NonNullable<Awaited<ReturnType<GroupsRepository['find']>>>;

/** A group as a reader speaking `language` sees it (the place's label in their language). */
export function toGroupSummary(
  row: {
    group: GroupRow;
    membersCount: number;
    myState: MemberState | null;
    myIsAdmin: boolean | null;
    distance?: number | null;
  },
  language: Language,
): GroupSummary {
  const g = row.group;
  return {
    groupId: g.id,
    name: g.name,
    description: g.description,
    type: g.type,
    sportIds: g.sportIds,
    location:
      g.latitude !== null && g.longitude !== null
        ? localizedPlace(
            { latitude: g.latitude, longitude: g.longitude, ...(g.address ? { address: g.address } : {}) },
            language,
          )
        : null,
    picture: g.picture,
    membersCount: Number(row.membersCount),
    status: statusOf(row.myState),
    isAdmin: row.myState === 'PARTICIPATING' && row.myIsAdmin === true,
    ...(row.distance !== null && row.distance !== undefined
      ? { distance: Math.round(Number(row.distance) * 100) / 100 }
      : {}),
  };
}

/** Groups' lifecycle and read models; who belongs is the membership engine's (group-membership.ts). */
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
      ...toGroupSummary(row, await deps.readerLanguage(userId)),
      rejectionReason: row.myState === 'REJECTED' ? row.myRejectionReason : null,
      pendingRequestsCount: admin ? await deps.memberships.count('group', groupId, 'REQUESTED') : 0,
      isOnlyAdmin: admin && (await deps.memberships.adminsCount('group', groupId, tx)) === 1,
      isLeader: isMember(row) && row.myIsLeader === true,
      sharesEmail: isMember(row) && row.mySharesEmail === true,
      consent: consentOf(row.group),
      myConsent: consentGivenOf(row.myConsentVersion, row.myConsentedAt),
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
          ...consentChange(null, input.consentText),
          createdBy: userId,
        },
        tx,
      );
      await deps.memberships.put(
        'group',
        { objectId: group.id, userIds: [userId], state: 'PARTICIPATING', isAdmin: true, joinedAt: deps.now() },
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
    const consent = consentChange(row.group, input.consentText);
    await change(async (tx, effects) => {
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
          ...consent,
          updatedAt: deps.now(),
        },
        tx,
      );
      // A new text asks the members again (docs/consent.md); the admins manage it.
      if (!consent.consentText) return;
      await effects.notify({
        userIds: await deps.memberships.memberIds(
          'group',
          input.groupId,
          { state: 'PARTICIPATING', admins: false },
          tx,
        ),
        type: 'GROUP_CONSENT_CHANGED',
        targetId: input.groupId,
        actorId: userId,
        targetName: input.name,
      });
    });
    return read(input.groupId, userId);
  }

  /** Deleting keeps the group's activities readable to their participants: they become standalone. */
  async function remove(userId: string, groupId: string) {
    const row = await found(groupId, userId);
    assertAdmin(row);
    await change(async (tx, effects) => {
      await repo.update(groupId, { deletedAt: deps.now() }, tx);
      await deps.activities.detachFromGroup(groupId, tx);
      const chatId = await deps.chatMembership.chatIdOf(tx, { kind: 'GROUP', groupId });
      if (chatId) await deps.chatMembership.close(tx, chatId, effects.chat);
    });
    return { ok: true as const };
  }

  /** A closed group's calendar is for its members only (access: groupRules.membersVisible). */
  async function assertCalendarVisible(userId: string, groupId: string) {
    const row = await found(groupId, userId);
    if (!access.groupRules.membersVisible({ type: row.group.type, myState: row.myState })) {
      throw new ApiError('FORBIDDEN', { message: "Only members can see this group's activities" });
    }
  }

  async function explore(userId: string, body: CallBody<'group/explore-groups'>) {
    const hasPlace = body.latitude !== undefined && body.longitude !== undefined;
    if ((body.latitude === undefined) !== (body.longitude === undefined)) {
      throw new ApiError('VALIDATION_ERROR', { message: 'Give both latitude and longitude' });
    }
    const language = await deps.readerLanguage(userId);
    const rows = await repo.explore(userId, {
      text: body.query ? searchable(body.query) : undefined,
      sportIds: body.sportIds,
      near: hasPlace
        ? { latitude: body.latitude!, longitude: body.longitude!, radiusMetres: (body.radiusKm ?? 50) * 1000 }
        : undefined,
      page: body.pagination,
    });
    return rows.map((row) => toGroupSummary(row, language));
  }

  return {
    read,
    /** The caller's language, for the answers that localize places (location/localized-place.ts). */
    readerLanguage: (userId: string) => deps.readerLanguage(userId),
    create,
    update,
    remove,
    explore,
    assertCalendarVisible,
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
