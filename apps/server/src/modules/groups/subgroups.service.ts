import type { CallBody, Language, Subgroup } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import { rosterText } from '../../i18n/roster.ts';
import { type Access, type ClubFacts, clubRules, groupRules } from '../access/access.ts';
import type { Changes } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { SubgroupRow, SubgroupsRepository } from './subgroups.repository.ts';

/**
 * The club layer (issue 40, docs/groups.md): sub-groups with a sport and a declared level, who is in them, and the
 * group's ride leaders. Every rule is access.ts clubRules; who sees an activity limited to sub-groups is
 * activityRules.visible.
 */
export function createSubgroupsService(deps: {
  repo: SubgroupsRepository;
  access: Access;
  changes: Changes;
  now: () => Date;
  readerLanguage: (userId: string) => Promise<Language>;
}) {
  const { repo, access } = deps;

  const toSubgroup = (row: { subgroup: SubgroupRow; membersCount: number; isMine: boolean }): Subgroup => ({
    subgroupId: row.subgroup.id,
    groupId: row.subgroup.groupId,
    name: row.subgroup.name,
    sportId: row.subgroup.sportId,
    level: { kind: row.subgroup.intensityKind, value: row.subgroup.intensityValue },
    membersCount: row.membersCount,
    isMine: row.isMine,
  });

  async function facts(groupId: string, userId: string) {
    const f = await access.club(groupId, userId);
    if (!f) throw new ApiError('GROUP_NOT_FOUND');
    return f;
  }

  const onlyAdmins = () => new ApiError('FORBIDDEN', { message: 'Only admins of the group can do this' });

  function assertSees(f: ClubFacts) {
    if (!groupRules.membersVisible({ type: f.type, myState: f.member?.state ?? null })) {
      throw new ApiError('FORBIDDEN', { message: 'Only members see inside a closed group' });
    }
  }

  async function subgroupAsAdmin(subgroupId: string, userId: string) {
    const subgroup = await repo.find(subgroupId);
    if (!subgroup) throw new ApiError('SUBGROUP_NOT_FOUND');
    if (!clubRules.manageSubgroups(await facts(subgroup.groupId, userId))) throw onlyAdmins();
    return subgroup;
  }

  /** The sport exists and takes the level's kind. */
  async function levelColumns(input: { name: string; sportId: string; level: { kind: string; value: number } }) {
    const kinds = await repo.sportKinds(input.sportId);
    if (!kinds) throw new ApiError('SPORT_NOT_FOUND');
    const kind = input.level.kind as (typeof kinds)[number];
    if (!kinds.includes(kind)) {
      throw new ApiError('VALIDATION_ERROR', {
        message: 'This sport does not measure a level that way',
        issues: [{ path: 'level.kind', message: `One of: ${kinds.join(', ')}` }],
      });
    }
    return { name: input.name, sportId: input.sportId, intensityKind: kind, intensityValue: input.level.value };
  }

  async function answer(subgroupId: string, userId: string) {
    return { subgroup: toSubgroup((await repo.one(subgroupId, userId))!) };
  }

  return {
    async list(userId: string, groupId: string) {
      assertSees(await facts(groupId, userId));
      return { subgroups: (await repo.list(groupId, userId)).map(toSubgroup) };
    },

    async create(userId: string, body: CallBody<'group/create-subgroup'>) {
      if (!clubRules.manageSubgroups(await facts(body.groupId, userId))) throw onlyAdmins();
      const row = await repo.insert({ groupId: body.groupId, ...(await levelColumns(body)) });
      return answer(row.id, userId);
    },

    async update(userId: string, body: CallBody<'group/update-subgroup'>) {
      const subgroup = await subgroupAsAdmin(body.subgroupId, userId);
      await repo.update(subgroup.id, await levelColumns(body));
      return answer(subgroup.id, userId);
    },

    async remove(userId: string, subgroupId: string) {
      const subgroup = await subgroupAsAdmin(subgroupId, userId);
      await repo.remove(subgroup.id);
      return { ok: true as const };
    },

    async members(userId: string, subgroupId: string) {
      const subgroup = await repo.find(subgroupId);
      if (!subgroup) throw new ApiError('SUBGROUP_NOT_FOUND');
      assertSees(await facts(subgroup.groupId, userId));
      const rows = await repo.members(subgroup);
      return { members: rows.map((r) => ({ ...toUserSummary(r), isLeader: r.isLeader })) };
    },

    async assign(adminId: string, body: CallBody<'group/assign-subgroup'>) {
      const subgroup = await subgroupAsAdmin(body.subgroupId, adminId);
      if (body.member) {
        if (!(await repo.takesPart(subgroup.groupId, body.userId))) {
          throw new ApiError('USER_NOT_FOUND', { message: 'This person is not a member of the group' });
        }
        await repo.put(subgroup.id, body.userId);
      } else await repo.drop(subgroup.id, body.userId);
      return answer(subgroup.id, adminId);
    },

    pick: (userId: string, body: CallBody<'group/pick-subgroups'>) =>
      deps.changes.run(async (tx) => {
        const f = await access.club(body.groupId, userId, tx);
        if (!f) throw new ApiError('GROUP_NOT_FOUND');
        if (!clubRules.pickSubgroups(f)) {
          throw new ApiError('FORBIDDEN', { message: 'Only members of the group pick sub-groups' });
        }
        const ids = [...new Set(body.subgroupIds)];
        if ((await repo.ofGroup(body.groupId, ids, tx)).length !== ids.length) {
          throw new ApiError('SUBGROUP_NOT_FOUND');
        }
        await repo.setMine(body.groupId, userId, ids, tx);
        return { subgroups: (await repo.list(body.groupId, userId, tx)).map(toSubgroup) };
      }),

    /** The roster as CSV (docs/groups.md): the admins'; an e-mail address only where its member opted in. */
    async exportRoster(adminId: string, groupId: string) {
      if (!clubRules.exportRoster(await facts(groupId, adminId))) throw onlyAdmins();
      const now = deps.now();
      const [rows, language] = await Promise.all([
        repo.roster(groupId, new Date(now.getTime() - ROSTER_DAYS * 86_400_000)),
        deps.readerLanguage(adminId),
      ]);
      const word = (key: string) => rosterText(language, key, { count: ROSTER_DAYS });
      const lines = [
        ROSTER_COLUMNS.map((column) => word(`header.${column}`)),
        ...rows.map((r) => [
          r.firstName ?? '',
          r.lastName ?? '',
          r.username ?? '',
          r.email ?? '',
          r.subgroups,
          word(`role.${r.isAdmin ? 'admin' : r.isLeader ? 'leader' : 'member'}`),
          r.joinedAt ? r.joinedAt.toISOString().slice(0, 10) : '',
          String(r.attended),
          String(r.marked),
        ]),
      ];
      return { fileName: `roster-${now.toISOString().slice(0, 10)}.csv`, csv: toCsv(lines) };
    },

    /** A member lets the admins see their e-mail address in the roster, or stops. */
    async shareEmail(userId: string, groupId: string, share: boolean) {
      if (!clubRules.pickSubgroups(await facts(groupId, userId))) {
        throw new ApiError('FORBIDDEN', { message: 'Only members of the group can do this' });
      }
      await repo.setMember(groupId, userId, { sharesEmail: share });
      return { ok: true as const };
    },

    async setLeader(adminId: string, groupId: string, userId: string, isLeader: boolean) {
      if (!clubRules.manageLeaders(await facts(groupId, adminId))) throw onlyAdmins();
      if (!(await repo.setMember(groupId, userId, { isLeader }))) {
        throw new ApiError('USER_NOT_FOUND', { message: 'This person is not a member of the group' });
      }
      return { ok: true as const };
    },
  };
}

export type SubgroupsService = ReturnType<typeof createSubgroupsService>;

/** The roster counts attendance over this many days. */
export const ROSTER_DAYS = 90;

/** The roster's columns, in order: their headers are `header.<column>` of the roster texts. */
const ROSTER_COLUMNS = [
  'firstName',
  'lastName',
  'username',
  'email',
  'paceGroups',
  'role',
  'joined',
  'attended',
  'marked',
] as const;

/**
 * RFC 4180 text: every field quoted, quotes doubled, lines ended by CRLF. A field a spreadsheet would read as a
 * formula (=, +, -, @, a tab or a carriage return first) is prefixed with an apostrophe (OWASP, CSV injection).
 */
export function toCsv(lines: readonly (readonly string[])[]): string {
  const field = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  return lines.map((line) => `${line.map(field).join(',')}\r\n`).join('');
}
