import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callFlagsSource } from '../scripts/call-flags.ts';
import {
  ActivityInput,
  apiPrefix,
  callNames,
  callPath,
  calls,
  compareVersions,
  EmergencyContactInput,
  endsAfterStart,
  errorCatalog,
  GroupInput,
  isNewerVersion,
  MultilineText,
  Pagination,
  PersonName,
  PlainText,
  parseVersion,
  queuedEventText,
  retryDelayMs,
  validationMessages,
} from './index.ts';

const SPEC_CALLS = {
  activity: 20,
  auth: 10,
  chat: 5,
  group: 21,
  location: 3,
  notification: 4,
  sport: 1,
  upload: 1,
  user: 17,
};

/** Calls of the security work (issue 16) beyond spec §7: signing out and stepping a session up. */
const SECURITY_CALLS = [
  'auth/sign-out',
  'auth/reauthenticate',
  'auth/totp/setup',
  'auth/totp/enable',
  'auth/totp/verify',
  // Blocking (review L3, issue 23).
  'user/block',
  'user/unblock',
  'user/list-blocked',
];

/** Calls of issue 41 beyond spec §7: single sign-on with OpenID Connect providers. */
const SSO_CALLS = [
  'auth/sign-in-options',
  'auth/oidc/start',
  'auth/oidc/finish',
  'auth/oidc/link-start',
  'auth/oidc/link-finish',
  'auth/list-sign-in-methods',
  'auth/oidc/unlink',
];

/** Calls of issue 19 beyond spec §7: direct messages between contacts. */
const ISSUE_19_CALLS = ['chat/open-direct'];
/** Calls of issue 24 beyond spec §7: the weather of an activity and its backup route. */
const ISSUE_24_CALLS = [
  'activity/weather',
  'activity/weather-thresholds',
  'activity/weather-decide',
  'activity/backup-route',
];
/** Calls of issue 23 beyond spec §7: the safety loop and emergency contacts. */
const SAFETY_CALLS = [
  'activity/safety',
  'activity/safety-set-return',
  'activity/safety-share',
  'activity/safety-back',
  'user/emergency-contacts',
  'user/set-emergency-contacts',
  'user/delete-location-history',
  // Issue 38: what is done without signal, queued and delivered later.
  'safety/register-device-key',
  'safety/deliver-queued',
];

/** Calls of issue 22 beyond spec §7: seat offers and the organisers' waitlist. */
const SEATS_CALLS = [
  'activity/claim-seat',
  'activity/decline-seat',
  'activity/list-waitlist',
  'activity/move-in-waitlist',
  'activity/pick-from-waitlist',
  'activity/remove-from-waitlist',
  // The recap and its album.
  'activity/read-recap',
  'activity/add-recap-photo',
  'activity/delete-recap-photo',
];

/** Calls of issue 40 beyond spec §7: a group's pace groups (sub-groups) and ride leaders. */
const CLUB_CALLS = [
  'group/list-subgroups',
  'group/create-subgroup',
  'group/update-subgroup',
  'group/delete-subgroup',
  'group/list-subgroup-members',
  'group/assign-subgroup',
  'group/pick-subgroups',
  'group/make-leader',
  'group/remove-leader',
  'group/export-roster',
  'group/share-email',
  // Date polls (docs/polls.md).
  'poll/create-new',
  'poll/read-info',
  'poll/answer',
  'poll/list-mine',
  'poll/close',
  'poll/create-activity',
  // Consent to a text before joining (docs/consent.md): accepting a changed one again.
  'activity/accept-consent',
  'group/accept-consent',
];

/** Calls of issue 22 beyond spec §7 on groups: their attendance rules (the attendance/ calls are counted apart). */
const ATTENDANCE_GROUP_CALLS = ['group/read-attendance-rules', 'group/set-attendance-rules'];

describe('the calls of spec §7', () => {
  it('are all declared, 82 in all, plus report/create, the logistics, calendar, series and weather calls (issues 25, 19, 22, 24), the safety ones (issues 23, 38) and the security ones (issue 16)', () => {
    const beyond = [
      ...SECURITY_CALLS,
      ...ISSUE_19_CALLS,
      ...SSO_CALLS,
      ...SEATS_CALLS,
      ...ISSUE_24_CALLS,
      ...ATTENDANCE_GROUP_CALLS,
      ...CLUB_CALLS,
      ...SAFETY_CALLS,
    ];
    const specCalls = callNames.filter((n) => !beyond.includes(n));
    for (const [domain, count] of Object.entries(SPEC_CALLS)) {
      expect(
        specCalls.filter((n) => n.startsWith(`${domain}/`)),
        domain,
      ).toHaveLength(count);
    }
    expect(callNames).toContain('report/create');
    for (const name of beyond) expect(callNames).toContain(name);
    const beyondSpec = callNames.filter((n) =>
      /^(carpool|gear|export|route|calendar|series|attendance|privacy|offline|recording|strava)\//.test(n),
    );
    expect(callNames).toHaveLength(83 + beyondSpec.length + beyond.length);
  });

  it('send no token only on sign-in, sign-up, e-mail confirmation and password reset', () => {
    const open = callNames.filter((n) => !calls[n].auth).sort();
    expect(open).toEqual(
      [
        'auth/email/confirm-email',
        'auth/email/reset-password',
        'auth/email/send-confirm-email-otp',
        'auth/email/send-reset-password-otp',
        'auth/email/sign-in',
        'auth/email/sign-up',
        'auth/email/verify-password-otp',
        // Issue 41: the entry screen's providers, and signing in through one.
        'auth/sign-in-options',
        'auth/oidc/start',
        'auth/oidc/finish',
      ].sort(),
    );
  });

  it('take no body exactly where spec §7 says so', () => {
    const noBody = callNames.filter((n) => calls[n].body === null).sort();
    expect(noBody).toEqual(
      [
        'notification/check-new',
        'notification/mark-all-as-read',
        'sport/list-all',
        'user/delete-account',
        'user/last-online-at',
        'user/own-notification-preferences',
        'user/own-profile',
        'user/own-sports',
        // Beyond the spec (issue 25): the caller's own data export.
        'export/request',
        'export/latest',
        // Beyond the spec (issue 16): ending one's session, a staff member's new authenticator secret.
        'auth/sign-out',
        'auth/totp/setup',
        // Beyond the spec (issue 41): the providers offered, and one's own ways in.
        'auth/sign-in-options',
        'auth/list-sign-in-methods',
        // Beyond the spec (issue 19): the caller's own calendar feed.
        'calendar/my-feed',
        'calendar/reset-my-feeds',
        // Beyond the spec (issue 22): the caller's own attendance record.
        'attendance/read-record',
        // Beyond the spec (issue 23): the caller's own emergency contacts and location history.
        'user/emergency-contacts',
        'user/delete-location-history',
        // Beyond the spec (issue 23): the caller's own privacy zones.
        'privacy/list-zones',
        // Beyond the spec (issue 42): the caller's own Strava link.
        'strava/read-connection',
        'strava/connect',
        'strava/disconnect',
      ].sort(),
    );
  });

  it('answer an attendance record only to its person and to the organisers reading requests (issue 22)', () => {
    const answering = callNames.filter((n) =>
      JSON.stringify(z.toJSONSchema(calls[n].response, { io: 'output', unrepresentable: 'any' })).includes(
        '"reliabilityOver"',
      ),
    );
    expect(answering.sort()).toEqual(['activity/list-requests', 'attendance/read-record']);
  });

  it('serve pages 1 to 100 only (security review M8)', () => {
    expect(Pagination.safeParse({ page: 100, limit: 50 }).success).toBe(true);
    expect(Pagination.safeParse({ page: 101, limit: 10 }).success).toBe(false);
    expect(Pagination.safeParse({ page: 1_000_000, limit: 50 }).success).toBe(false);
  });

  it('live under /api/space/{product}/database', () => {
    expect(apiPrefix()).toBe('/api/space/cordata/database');
    expect(callPath('activity/create-new', 'other')).toBe('/api/space/other/database/activity/create-new');
  });

  it('have their body and session flags in call-flags.ts, for clients without the schemas (it is current)', () => {
    const committed = readFileSync(new URL('./call-flags.ts', import.meta.url), 'utf8');
    expect(committed === callFlagsSource(), 'src/call-flags.ts is stale: run `npm run openapi` and commit it').toBe(
      true,
    );
  });

  it('declare only errors of the catalogue', () => {
    for (const name of callNames)
      for (const code of calls[name].errors ?? []) expect(errorCatalog).toHaveProperty(code);
  });
});

describe('spec §8 messages', () => {
  it.each([
    ['INVALID_CREDENTIALS', 'Invalid credentials'],
    ['EMAIL_TAKEN', 'The entered email is already associated with an account'],
    ['EMAIL_NOT_FOUND', 'The entered email is not associated with any account'],
    ['ACTIVITY_NOT_FOUND', 'Activity not found'],
    ['INTERNAL', 'An error occurred'],
    ['OTP_MISMATCH', 'The code entered does not match'],
    ['USERNAME_TAKEN', 'Username already in use'],
  ] as const)('%s says "%s"', (code, message) => expect(errorCatalog[code].message).toBe(message));
});

describe('constants of spec §9', () => {
  it('retries after min(1000·2ⁿ, 30 000) ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('compares versions as 3 numeric parts', () => {
    expect(isNewerVersion('1.1.10', '1.1.6')).toBe(true);
    expect(isNewerVersion('1.1.6', '1.1.6')).toBe(false);
    expect(isNewerVersion('1.0.9', '1.1.6')).toBe(false);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(isNewerVersion('garbage', '1.1.6')).toBe(false);
    // One rule for server and app (issue 26): exactly 3 numeric parts, no suffix.
    expect(parseVersion('1.2.3-beta')).toBeNull();
    expect(parseVersion('1.2')).toBeNull();
    expect(parseVersion('v2.0.10\n')).toEqual([2, 0, 10]);
    expect(isNewerVersion('1.2.3-beta', '1.1.6')).toBe(false);
  });
});

describe('activity input', () => {
  it('says the end time must be after the start time', () => {
    expect(endsAfterStart({ startTime: '08:00', endTime: '07:59' })).toBe(false);
    expect(endsAfterStart({ startTime: '08:00', endTime: '08:00' })).toBe(false);
    expect(endsAfterStart({ startTime: '08:00', endTime: '08:01' })).toBe(true);
    expect(errorCatalog.END_BEFORE_START.message).toBe('* The end time must be after the start time');
  });
});

describe('texts people type (review L-N2)', () => {
  it('refuse control characters in names and descriptions, except line feeds in a description', () => {
    const fields = [
      ActivityInput.shape.name,
      ActivityInput.shape.description,
      ActivityInput.shape.contact,
      GroupInput.shape.name,
      GroupInput.shape.description,
      EmergencyContactInput.shape.name,
    ];
    const problems = (schema: z.ZodType, value: unknown) =>
      (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);
    const refused = validationMessages.controlCharacters;
    for (const bad of ['Meet\rEND:VEVENT', 'a\u0000b', 'tab\there', 'esc\u001B[31m', 'del\u007F']) {
      expect(problems(MultilineText(2000), bad), JSON.stringify(bad)).toEqual([refused]);
      expect(problems(PlainText(200), bad), JSON.stringify(bad)).toEqual([refused]);
      expect(problems(PersonName, bad), JSON.stringify(bad)).toContain(refused);
      for (const field of fields) expect(problems(field, bad)).toContain(refused);
    }
    expect(problems(MultilineText(2000), 'Line one\nline two')).toEqual([]);
    expect(problems(PlainText(200), 'one\ntwo')).toEqual([refused]);
    expect(problems(PersonName, 'Lake\nComo')).toContain(refused);
    expect(problems(ActivityInput.shape.description, 'Line one\nline two')).toEqual([]);
  });
});

describe('the text a queued event is signed over', () => {
  it('is the same whatever the order of the payload’s keys, and changes with every field', () => {
    const event = {
      id: '0b6f7c55-4b0e-4c7e-9a57-2f1f3a9d1c11',
      kind: 'POSITION' as const,
      activityId: '5a0f2c1e-0f43-4d8e-8f3c-1b2d3e4f5a6b',
      personId: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      occurredAt: '2026-07-01T10:00:00.000Z',
      deviceKeyId: '1f2e3d4c-5b6a-4798-8a1b-2c3d4e5f6a7b',
      payload: { longitude: 9.38, latitude: 45.95 },
    };
    const text = queuedEventText(event);
    expect(text).toBe(
      [
        'cordata-queued-event/1',
        event.id,
        'POSITION',
        event.activityId,
        event.personId,
        event.occurredAt,
        event.deviceKeyId,
        '{"latitude":45.95,"longitude":9.38}',
      ].join('\n'),
    );
    expect(queuedEventText({ ...event, payload: { latitude: 45.95, longitude: 9.38 } })).toBe(text);
    expect(queuedEventText({ ...event, occurredAt: '2026-07-01T10:00:01.000Z' })).not.toBe(text);
  });
});
