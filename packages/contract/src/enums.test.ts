import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as enums from './enums.ts';
import {
  Access,
  ActivityEditKind,
  AdminActivity,
  AdminGroup,
  AdminReport,
  AdminSport,
  adminCalls,
  ChatKind,
  ConnectionStatus,
  calls,
  DataExportStatus,
  Difficulty,
  Gender,
  GroupType,
  IntensityKind,
  Language,
  Member,
  MessageKind,
  NearbyOrder,
  NotificationType,
  Ok,
  Participant,
  ParticipationStatus,
  ReportAction,
  ReportReason,
  ReportTargetType,
  RideRequestStatus,
  Role,
  SkipReason,
  Sport,
  SUPPORTED_LANGUAGES,
  UploadPurpose,
  Visibility,
  WaypointType,
} from './index.ts';

describe('enums: one list per enum, and the schemas are built from it', () => {
  const pairs: [string, z.ZodEnum, readonly string[]][] = [
    ['Gender', Gender, enums.GENDERS],
    ['IntensityKind', IntensityKind, enums.INTENSITY_KINDS],
    ['Language', Language, enums.LANGUAGES],
    ['Role', Role, enums.ROLES],
    ['NotificationType', NotificationType, enums.NOTIFICATION_TYPES],
    ['ActivityEditKind', ActivityEditKind, enums.ACTIVITY_EDIT_KINDS],
    ['Access', Access, enums.ACCESS],
    ['Visibility', Visibility, enums.VISIBILITIES],
    ['Difficulty', Difficulty, enums.DIFFICULTIES],
    ['NearbyOrder', NearbyOrder, enums.NEARBY_ORDERS],
    ['ParticipationStatus', ParticipationStatus, enums.PARTICIPATION_STATUSES],
    ['WaypointType', WaypointType, enums.WAYPOINT_TYPES],
    ['SkipReason', SkipReason, enums.SKIP_REASONS],
    ['GroupType', GroupType, enums.GROUP_TYPES],
    ['ChatKind', ChatKind, enums.CHAT_KINDS],
    ['MessageKind', MessageKind, enums.MESSAGE_KINDS],
    ['ConnectionStatus', ConnectionStatus, enums.CONNECTION_STATUSES],
    ['UploadPurpose', UploadPurpose, enums.UPLOAD_PURPOSES],
    ['RideRequestStatus', RideRequestStatus, enums.RIDE_REQUEST_STATUSES],
    ['DataExportStatus', DataExportStatus, enums.DATA_EXPORT_STATUSES],
    ['ReportTargetType', ReportTargetType, enums.REPORT_TARGET_TYPES],
    ['ReportReason', ReportReason, enums.REPORT_REASONS],
    ['ReportAction', ReportAction, enums.REPORT_ACTIONS],
    ['AdminActivity.visibility', AdminActivity.shape.visibility, enums.VISIBILITIES],
    ['AdminGroup.type', AdminGroup.shape.type, enums.GROUP_TYPES],
    ['AdminReport.status', AdminReport.shape.status, enums.REPORT_STATUSES],
  ];

  it.each(pairs)('%s accepts exactly its list, in its order', (_name, schema, list) => {
    expect(schema.options).toEqual([...list]);
  });

  it('every list has distinct values', () => {
    for (const value of Object.values(enums)) {
      if (Array.isArray(value)) expect(new Set(value).size).toBe(value.length);
    }
  });

  it('the request bodies use the lists too', () => {
    const body = (schema: unknown) => (schema as z.ZodObject).shape;
    const contentType = body(calls['upload/get-upload-url'].body).contentType as z.ZodEnum;
    expect(contentType.options).toEqual([
      ...enums.IMAGE_TYPES,
      ...enums.GPX_TYPES,
      ...enums.RECORDING_TYPES.slice(enums.GPX_TYPES.length),
    ]);
    expect((body(calls['user/list-contacts'].body).status as z.ZodOptional<z.ZodEnum>).unwrap().options).toEqual([
      ...enums.CONTACT_FILTERS,
    ]);
    expect((body(calls['user/list-activities'].body).when as z.ZodOptional<z.ZodEnum>).unwrap().options).toEqual([
      ...enums.ACTIVITY_PERIODS,
    ]);
    expect(
      (body(calls['user/update-notification-token'].body).platform as z.ZodOptional<z.ZodEnum>).unwrap().options,
    ).toEqual([...enums.PUSH_PLATFORMS]);
  });

  it('the admin reason takes REASON_LENGTH', () => {
    const reason = (adminCalls['users/delete'].body as z.ZodObject).shape.reason as z.ZodString;
    expect(reason.safeParse('x'.repeat(enums.REASON_LENGTH.min)).success).toBe(true);
    expect(reason.safeParse('x'.repeat(enums.REASON_LENGTH.min - 1)).success).toBe(false);
    expect(reason.safeParse('x'.repeat(enums.REASON_LENGTH.max)).success).toBe(true);
    expect(reason.safeParse('x'.repeat(enums.REASON_LENGTH.max + 1)).success).toBe(false);
  });

  it('a new sport takes SPORT_NAME_LENGTH and SPORT_ID_PATTERN', () => {
    const { min, max } = enums.SPORT_NAME_LENGTH;
    const sport = (sportId: string, name: string) =>
      adminCalls['sports/create'].body.safeParse({
        sportId,
        names: { en: name, it: name },
        icon: 'x',
        intensityKinds: ['TIME'],
      }).success;
    expect(sport('trail-run', 'x'.repeat(min))).toBe(true);
    expect(sport('trail-run', 'x'.repeat(max))).toBe(true);
    expect(sport('trail-run', 'x'.repeat(min - 1))).toBe(false);
    expect(sport('trail-run', 'x'.repeat(max + 1))).toBe(false);
    expect(sport('Trail run', 'Trail')).toBe(false);
    expect(new RegExp(`^${enums.SPORT_ID_PATTERN}$`).test('trail-run')).toBe(true);
  });

  it('a sport has a name in every language; an operator may leave all but English and Italian out', () => {
    const keys = (schema: z.ZodObject) => Object.keys((schema.shape.names as z.ZodObject).shape);
    expect(keys(Sport)).toEqual([...enums.LANGUAGES]);
    expect(keys(AdminSport)).toEqual([...enums.LANGUAGES]);
    const { min, max } = enums.SPORT_NAME_LENGTH;
    const create = (names: Record<string, string>) =>
      adminCalls['sports/create'].body.safeParse({ sportId: 'sup', names, icon: 'x', intensityKinds: ['TIME'] });
    const update = (names: Record<string, string>) =>
      adminCalls['sports/update'].body.safeParse({ sportId: 'sup', names });
    for (const check of [create, update]) {
      expect(check({ en: 'Paddle', it: 'Pagaia' }).success).toBe(true);
      expect(check({ en: 'Paddle', it: 'Pagaia', de: 'Paddeln', fr: 'Pagaie', es: 'Pádel' }).success).toBe(true);
      expect(check({ en: 'Paddle', de: 'Paddeln' }).success).toBe(false);
      for (const language of ['de', 'fr', 'es']) {
        expect(check({ en: 'Paddle', it: 'Pagaia', [language]: 'x'.repeat(max) }).success).toBe(true);
        expect(check({ en: 'Paddle', it: 'Pagaia', [language]: 'x'.repeat(min - 1) }).success).toBe(false);
        expect(check({ en: 'Paddle', it: 'Pagaia', [language]: 'x'.repeat(max + 1) }).success).toBe(false);
      }
    }
    // Trimmed as English and Italian are.
    expect(create({ en: 'Paddle', it: 'Pagaia', de: ' Paddeln ' }).data?.names.de).toBe('Paddeln');
  });

  it('SUPPORTED_LANGUAGES is the Language list, and a group member is an activity participant', () => {
    expect(SUPPORTED_LANGUAGES).toBe(enums.LANGUAGES);
    expect(Member).toBe(Participant);
  });

  it('every call that only confirms answers with the one Ok schema', () => {
    for (const def of [...Object.values(calls), ...Object.values(adminCalls)]) {
      const shape = (def.response as z.ZodObject).shape as Record<string, unknown> | undefined;
      if (shape && Object.keys(shape).length === 1 && 'ok' in shape) expect(def.response).toBe(Ok);
    }
  });
});
