import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  Consent,
  ConsentGiven,
  ConsentVersion,
  Id,
  IsoDateTime,
  LatLng,
  Ok,
  OptionalPagination,
  Place,
  SportId,
} from '../common.ts';
import { CONSENT_TEXT_MAX } from '../constants.ts';
import { GROUP_TYPES } from '../enums.ts';
import { MultilineText, PersonName as NameRule, validationMessages } from '../rules.ts';
import {
  AccessRequest,
  ActivitySummary,
  InvitableContact,
  Participant,
  ParticipationStatus,
  SkipReason,
} from './activity.ts';

export const GroupType = z.enum(GROUP_TYPES);
export type GroupType = z.infer<typeof GroupType>;

export const GroupInput = z.object({
  name: NameRule,
  description: MultilineText(2000).default(''),
  type: GroupType,
  sportIds: z.array(SportId).max(30).optional(),
  location: Place.nullable().optional(),
  picture: z.string().max(500).nullable().optional(),
  /** A text people accept before joining, as on activities (docs/consent.md); left out on an update: unchanged. */
  consentText: MultilineText(CONSENT_TEXT_MAX).nullable().optional(),
});

export const GroupSummary = z.object({
  groupId: Id,
  name: z.string(),
  description: z.string(),
  type: GroupType,
  sportIds: z.array(SportId),
  location: Place.nullable(),
  picture: z.string().nullable(),
  membersCount: z.int(),
  status: ParticipationStatus,
  isAdmin: z.boolean(),
  /** Metres from the searched point, on explore-groups with a place. */
  distance: z.number().optional(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

export const Group = GroupSummary.extend({
  rejectionReason: z.string().nullable(),
  pendingRequestsCount: z.int(),
  /** The caller is its only admin: leaving is refused (LAST_ADMIN) until they name another, so the app warns first. */
  isOnlyAdmin: z.boolean(),
  /** The caller is one of its ride leaders (issue 40): may limit activities to the sub-groups they are in. */
  isLeader: z.boolean(),
  /** The caller lets the admins see their e-mail address in the roster (group/share-email). */
  sharesEmail: z.boolean(),
  /** The text to accept before joining, or null; the version the caller accepted (docs/consent.md). */
  consent: Consent.nullable(),
  myConsent: ConsentGiven.nullable(),
  chatId: Id.nullable(),
  createdAt: IsoDateTime,
});
export type Group = z.infer<typeof Group>;

/** A group member is an activity participant: the same person, the same admin flag, the same joining time. */
export const Member = Participant;
export type Member = Participant;

const byGroup = z.object({ groupId: Id });
/** A person's own way in: with the version of the text they accepted, when the group asks for one. */
const joiningGroup = byGroup.extend({ consentVersion: ConsentVersion.optional() });
const byGroupUser = z.object({ groupId: Id, userId: Id });
const groupAnswer = z.object({ group: Group });

export const groupCalls = {
  'group/accept-consent': defineCall({
    auth: true,
    summary: 'Accept the current text again after the admins changed it (a member, or a person asking to join)',
    body: byGroup.extend({ consentVersion: ConsentVersion }),
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'CONSENT_REQUIRED', 'FORBIDDEN'],
  }),
  'group/accept-request': defineCall({
    auth: true,
    summary: 'Admin: accept a request to join',
    body: byGroupUser,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'REQUEST_NOT_FOUND'],
  }),
  'group/count-activities': defineCall({
    auth: true,
    summary: "How many of the group's activities fall in a range",
    body: z.object({ groupId: Id, startDate: IsoDateTime.optional(), endDate: IsoDateTime.optional() }),
    response: z.object({ count: z.int() }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/count-hidden-participants': defineCall({
    auth: true,
    summary: 'How many members a closed group has, for those who may not see them',
    body: byGroup,
    response: z.object({ count: z.int() }),
    errors: ['GROUP_NOT_FOUND'],
  }),
  'group/create-new': defineCall({
    auth: true,
    summary: 'Create a group; the creator is its admin',
    body: GroupInput,
    response: groupAnswer,
    errors: ['UPLOAD_INVALID', 'UPLOAD_NOT_FOUND'],
  }),
  'group/delete': defineCall({
    auth: true,
    summary: 'Admin: delete a group',
    body: byGroup,
    response: Ok,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/exit': defineCall({
    auth: true,
    summary: 'Leave a group (or withdraw a request)',
    body: byGroup,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'LAST_ADMIN', 'NOT_FOUND'],
  }),
  'group/explore-groups': defineCall({
    auth: true,
    summary: 'Find groups by text, place and sports',
    body: z.object({
      query: z.string().trim().max(60).optional(),
      latitude: LatLng.shape.latitude.optional(),
      longitude: LatLng.shape.longitude.optional(),
      radiusKm: z.number().positive().max(500).optional(),
      sportIds: z.array(SportId).max(30).optional(),
      pagination: OptionalPagination,
    }),
    response: z.object({ groups: z.array(GroupSummary) }),
  }),
  'group/reject-request': defineCall({
    auth: true,
    summary: 'Admin: reject a request, with a reason',
    body: byGroupUser.extend({ reason: z.string().trim().min(1, validationMessages.required).max(500) }),
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'REQUEST_NOT_FOUND'],
  }),
  'group/invite-users': defineCall({
    auth: true,
    summary: 'Member or admin: invite contacts',
    body: z.object({ groupId: Id, userIds: z.array(Id).min(1).max(1000) }),
    response: z.object({ invited: z.array(Id), skipped: z.array(z.object({ userId: Id, reason: SkipReason })) }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/list-activities': defineCall({
    auth: true,
    summary: "The group's activities between two instants",
    body: z.object({ groupId: Id, startDate: IsoDateTime, endDate: IsoDateTime, pagination: OptionalPagination }),
    response: z.object({ activities: z.array(ActivitySummary) }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/list-participants': defineCall({
    auth: true,
    summary: 'The members (hidden from non-members of a closed group)',
    body: z.object({ groupId: Id, pagination: OptionalPagination }),
    response: z.object({ participants: z.array(Member) }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/list-requests': defineCall({
    auth: true,
    summary: 'Admin: pending requests',
    body: z.object({ groupId: Id, pagination: OptionalPagination }),
    response: z.object({ requests: z.array(AccessRequest) }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/list-invitable-contacts': defineCall({
    auth: true,
    summary: 'Contacts with whether each may be invited',
    body: z.object({ groupId: Id, query: z.string().trim().max(60).optional(), pagination: OptionalPagination }),
    response: z.object({ contacts: z.array(InvitableContact) }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/list-next-activities': defineCall({
    auth: true,
    summary: "The group's upcoming activities",
    body: z.object({ groupId: Id, pagination: OptionalPagination }),
    response: z.object({ activities: z.array(ActivitySummary) }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/make-admin': defineCall({
    auth: true,
    summary: 'Admin: make a member an admin',
    body: byGroupUser,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  'group/participate': defineCall({
    auth: true,
    summary: 'Join an open group, or accept an invitation',
    body: joiningGroup,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'ACCESS_REQUEST_REQUIRED', 'ALREADY_PARTICIPATING', 'CONSENT_REQUIRED'],
  }),
  'group/read-info': defineCall({
    auth: true,
    summary: "A group with the caller's status",
    body: byGroup,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND'],
  }),
  'group/remove-admin': defineCall({
    auth: true,
    summary: 'Admin: take admin rights away',
    body: byGroupUser,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'LAST_ADMIN', 'USER_NOT_FOUND'],
  }),
  'group/remove-user': defineCall({
    auth: true,
    summary: 'Admin: remove a member',
    body: byGroupUser,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  'group/request-access': defineCall({
    auth: true,
    summary: 'Ask to join a closed group',
    body: joiningGroup,
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'ALREADY_REQUESTED', 'ALREADY_PARTICIPATING', 'CONSENT_REQUIRED'],
  }),
  'group/update-existing': defineCall({
    auth: true,
    summary: 'Admin: change a group',
    body: GroupInput.extend({ groupId: Id }),
    response: groupAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'UPLOAD_INVALID', 'UPLOAD_NOT_FOUND'],
  }),
};
