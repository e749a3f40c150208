import type { RecapLine } from '@cordata/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/client.ts';
import { UploadError } from '../../api/upload.ts';
import { RECORDING_TYPES, type RecordingType } from '../../contract.ts';
import { formatDuration } from '../../i18n/dates.ts';
import { errorText } from '../feedback.ts';

/**
 * What the file input offers: the extensions, and the types a phone may give them. Android matches `accept` by type
 * and knows none for .fit: without octet-stream a watch's file could not be picked there. The server reads what the
 * file is from its first bytes whatever it is called.
 */
export const RECORDING_ACCEPT = ['.fit', '.tcx', '.gpx', ...RECORDING_TYPES, 'application/octet-stream'].join(',');

const BY_EXTENSION: Record<string, RecordingType> = {
  fit: 'application/vnd.ant.fit',
  tcx: 'application/vnd.garmin.tcx+xml',
  gpx: 'application/gpx+xml',
};

/** The content type to declare for a watch's file: from its name (a phone often gives none), else its own; null for another kind of file. */
export function recordingType(file: { name: string; type: string }): RecordingType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const known = BY_EXTENSION[extension];
  if (known) return known;
  return (RECORDING_TYPES as readonly string[]).includes(file.type) ? (file.type as RecordingType) : null;
}

/**
 * The colours of the real lines on the recap's map, in the order of the recap's lines; none is the planned route's
 * brand red (#c8102e). Each reads on the white casing drawn under it.
 */
export const REAL_LINE_COLOURS = [
  '#1b65a8',
  '#2e7d32',
  '#e07b00',
  '#7b3fa0',
  '#00838f',
  '#c2185b',
  '#5d4037',
  '#455a64',
];

export const lineColour = (index: number) => REAL_LINE_COLOURS[index % REAL_LINE_COLOURS.length] ?? '#1b65a8';

/** The name in the legend: "You" for one's own line, else the first name. */
export function lineOwner(line: RecapLine, t: TFunction): string {
  if (line.mine) return t('recap.lines.you');
  return line.person.firstName || line.person.username || t('notification.someone');
}

/** 0.86 → "86" (the texts add the sign the language writes). */
export const percentOf = (share: number) => String(Math.round(share * 100));

/**
 * Why a file was not added, in plain words: a recording that does not match says whether its start or its route
 * did not, with the figures the server gave (RECORDING_NOT_MATCHED's details).
 */
export function recordingErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.code === 'RECORDING_NOT_MATCHED') {
    const { reason, startOffsetMinutes, onRouteShare } = error.details as {
      reason?: unknown;
      startOffsetMinutes?: unknown;
      onRouteShare?: unknown;
    };
    const offset = typeof startOffsetMinutes === 'number' ? startOffsetMinutes : null;
    const startMissed = reason === 'START' || (reason === undefined && offset !== null && Math.abs(offset) > 60);
    if (startMissed && offset !== null && offset !== 0) {
      return t(offset > 0 ? 'recap.recording.late' : 'recap.recording.early', {
        time: formatDuration(Math.abs(offset)),
      });
    }
    if (!startMissed && typeof onRouteShare === 'number') {
      return t('recap.recording.route', { percent: percentOf(onRouteShare) });
    }
    return errorText(error);
  }
  if (error instanceof UploadError) {
    if (error.code) return t(`errors.${error.code}`, { defaultValue: t('activity.wizard.upload.failed') });
    if (error.reason === 'network') return t('activity.wizard.upload.network');
    return t('activity.wizard.upload.failed');
  }
  return errorText(error);
}
