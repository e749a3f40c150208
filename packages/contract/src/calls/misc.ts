import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, Language, LatLng, Sport } from '../common.ts';
import { IMAGE_TYPES, RECORDING_TYPES, REPORT_REASONS, REPORT_TARGET_TYPES, UPLOAD_PURPOSES } from '../enums.ts';

export const UploadPurpose = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof UploadPurpose>;
export { GPX_TYPES, IMAGE_TYPES, RECORDING_TYPES } from '../enums.ts';

export const sportCalls = {
  'sport/list-all': defineCall({
    auth: true,
    summary: 'The sports list',
    body: null,
    response: z.object({ sports: z.array(Sport) }),
  }),
};

export const uploadCalls = {
  'upload/get-upload-url': defineCall({
    auth: true,
    summary: 'A presigned URL to PUT one file (images up to 10 MB, GPX up to 20 MB, a watch recording up to 20 MB)',
    body: z.object({
      purpose: UploadPurpose,
      // RECORDING_TYPES begins with GPX_TYPES.
      contentType: z.enum([...IMAGE_TYPES, ...RECORDING_TYPES]),
      size: z.int().positive(),
    }),
    response: z.object({
      uploadUrl: z.string(),
      method: z.literal('PUT'),
      headers: z.record(z.string(), z.string()),
      fileUrl: z.string(),
      expiresAt: IsoDateTime,
    }),
    errors: ['PAYLOAD_TOO_LARGE', 'UPLOAD_INVALID'],
  }),
};

export const PlaceResult = z.object({
  placeId: z.string(),
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PlaceResult = z.infer<typeof PlaceResult>;

/** Names and labels come in this language; without it, the Accept-Language header decides (else English). */
const placeLanguage = Language.optional();

export const locationCalls = {
  'location/autocomplete': defineCall({
    auth: true,
    summary: 'Places by prefix (accents and case ignored, one typo forgiven), ranked by population and nearness',
    body: z.object({ query: z.string().trim().min(1).max(100), near: LatLng.optional(), language: placeLanguage }),
    response: z.object({ results: z.array(PlaceResult) }),
    errors: ['SERVICE_UNAVAILABLE'],
  }),
  'location/get-address': defineCall({
    auth: true,
    summary: 'The nearest place to a point (404 when none is within 50 km offline)',
    body: LatLng.extend({ language: placeLanguage }),
    response: z.object({ address: z.object({ label: z.string(), city: z.string(), country: z.string() }) }),
    errors: ['PLACE_NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  }),
  'location/get-point': defineCall({
    auth: true,
    summary: 'The coordinates and label of a place found by autocomplete',
    body: z.object({ placeId: z.string().min(1).max(600), language: placeLanguage }),
    response: z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }),
    errors: ['PLACE_NOT_FOUND'],
  }),
};

export const ReportTargetType = z.enum(REPORT_TARGET_TYPES);
export const ReportReason = z.enum(REPORT_REASONS);

export const reportCalls = {
  'report/create': defineCall({
    auth: true,
    summary: 'Report a person, an activity, a group or a message',
    body: z.object({
      targetType: ReportTargetType,
      targetId: Id,
      reason: ReportReason,
      details: z.string().trim().max(1000).optional(),
    }),
    response: z.object({ reportId: Id }),
    errors: ['ALREADY_REPORTED', 'NOT_FOUND', 'RATE_LIMITED'],
  }),
};
