import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, Intensity, Ok, SportId, UserSummary } from '../common.ts';
import { PersonName } from '../rules.ts';

/**
 * The club layer (issue 40, docs/groups.md): a group's sub-groups (pace groups such as "A (30 km/h)") and its ride
 * leaders. A sub-group has one sport and a declared level in the words people declare their own in (an intensity:
 * distance, elevation, time or pace, docs/people.md).
 */
export const SubgroupInput = z.object({
  name: PersonName,
  sportId: SportId,
  level: Intensity,
});

export const Subgroup = z.object({
  subgroupId: Id,
  groupId: Id,
  name: z.string(),
  sportId: SportId,
  level: Intensity,
  membersCount: z.int(),
  /** The caller is in it. */
  isMine: z.boolean(),
});
export type Subgroup = z.infer<typeof Subgroup>;

/** A member of a sub-group, with whether they are one of the group's ride leaders (so lead it). */
export const SubgroupMember = UserSummary.extend({ isLeader: z.boolean() });
export type SubgroupMember = z.infer<typeof SubgroupMember>;

const bySubgroup = z.object({ subgroupId: Id });
const subgroupAnswer = z.object({ subgroup: Subgroup });
const subgroupsAnswer = z.object({ subgroups: z.array(Subgroup) });

export const subgroupCalls = {
  'group/list-subgroups': defineCall({
    auth: true,
    summary: "The group's sub-groups (for those who may see its members)",
    body: z.object({ groupId: Id }),
    response: subgroupsAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/create-subgroup': defineCall({
    auth: true,
    summary: 'Admin: add a sub-group (a name, a sport, a declared level)',
    body: SubgroupInput.extend({ groupId: Id }),
    response: subgroupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'SPORT_NOT_FOUND'],
  }),
  'group/update-subgroup': defineCall({
    auth: true,
    summary: 'Admin: rename a sub-group or change its sport or level',
    body: SubgroupInput.extend({ subgroupId: Id }),
    response: subgroupAnswer,
    errors: ['SUBGROUP_NOT_FOUND', 'FORBIDDEN', 'SPORT_NOT_FOUND'],
  }),
  'group/delete-subgroup': defineCall({
    auth: true,
    summary: "Admin: delete a sub-group (activities limited to it alone stay for the group's admins and creators)",
    body: bySubgroup,
    response: Ok,
    errors: ['SUBGROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/list-subgroup-members': defineCall({
    auth: true,
    summary: 'Who is in a sub-group (for those who may see the group members)',
    body: bySubgroup,
    response: z.object({ members: z.array(SubgroupMember) }),
    errors: ['SUBGROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/assign-subgroup': defineCall({
    auth: true,
    summary: 'Admin: put a member of the group in a sub-group, or take them out',
    body: z.object({ subgroupId: Id, userId: Id, member: z.boolean() }),
    response: subgroupAnswer,
    errors: ['SUBGROUP_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  'group/pick-subgroups': defineCall({
    auth: true,
    summary: 'Member: the sub-groups I am in (all of them; the others I leave)',
    body: z.object({ groupId: Id, subgroupIds: z.array(Id).max(50) }),
    response: subgroupsAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'SUBGROUP_NOT_FOUND'],
  }),
  'group/make-leader': defineCall({
    auth: true,
    summary: 'Admin: name a member a ride leader',
    body: z.object({ groupId: Id, userId: Id }),
    response: Ok,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  'group/export-roster': defineCall({
    auth: true,
    summary:
      "Admin: the group's roster as CSV (name, sub-groups, role, attendance over 90 days; e-mail only of those who opted in)",
    body: z.object({ groupId: Id }),
    response: z.object({ fileName: z.string(), csv: z.string() }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/share-email': defineCall({
    auth: true,
    summary: "Member: whether the group's admins see my e-mail address in its roster",
    body: z.object({ groupId: Id, share: z.boolean() }),
    response: Ok,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/remove-leader': defineCall({
    auth: true,
    summary: 'Admin: a ride leader is a member again',
    body: z.object({ groupId: Id, userId: Id }),
    response: Ok,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
};
