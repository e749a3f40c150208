import type { Activity, LatLng, MyRecording, RecapLine } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import type { RouteComputer } from '../activities/route-computer.ts';
import { markingWindow } from '../attendance/attendance.service.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import { viewerMapped } from '../privacy/viewer-mapped.ts';
import type { Changes } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { ReadRecording } from './recording-file.ts';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.ts';

const minutes = (seconds: number) => Math.round(seconds / 60);

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The owner's own recording: built for its owner only (its distance is theirs, measured from nobody's place). */
export const toMyRecording = (row: RecordingRow): MyRecording =>
  viewerMapped({
    activityId: row.activityId,
    source: row.source,
    startedAt: row.startedAt.toISOString(),
    movingMinutes: minutes(row.movingSeconds),
    distance: Math.round(row.distance),
    onRouteShare: row.onRouteShare,
    shared: row.shared,
    canShare: row.source === 'FILE',
  });

/** A recording that matched, as it is kept: the line thinned, the file gone. */
export type MatchedRecording = Omit<ReadRecording, 'match'> & { onRouteShare: number };

export interface RecordingsDeps {
  repo: RecordingsRepository;
  changes: Changes;
  access: Pick<Access, 'require'>;
  uploads: Pick<UploadsService, 'readOwnFile' | 'keyOf' | 'removeFiles'>;
  routes: Pick<RouteComputer, 'recording'>;
  /** The activity's group moving time as its page gives it to `userId` (activities.answer). */
  groupMovingTime: (activityId: string, userId: string) => Promise<Activity['groupMovingTime']>;
  privacy: Pick<PrivacyTrim, 'zonesFor'>;
  now: () => Date;
}

/**
 * Recordings (docs/recordings.md, issue 42): a participant adds the file their watch recorded, or Strava brings it;
 * kept only when it matches the activity (started within an hour of the start, on the planned route for more than
 * half of its time). A match suggests "attended" to the organisers, who confirm it; the owner decides whether the
 * others see the line; shared lines give the group's real moving time, which calibrates later estimates.
 */
export function createRecordings(deps: RecordingsDeps) {
  const { repo } = deps;

  /** A recording is taken while attendance may be marked, which it feeds: from the start until 7 days after the end. */
  function assertWindow(activity: { startsAt: Date; endsAt: Date }) {
    const now = deps.now();
    const { opensAt, closesAt } = markingWindow(activity);
    if (now < opensAt || now > closesAt) throw new ApiError('RECORDING_WINDOW_CLOSED');
  }

  /**
   * Keeps the activity's outcome (its real moving time against its estimate) in step with its shared recordings.
   * The estimate is the one before calibration, so calibrating never feeds on itself.
   */
  async function refreshOutcome(
    activity: { id: string; sportId: string; groupId: string | null; startsAt: Date },
    userId: string,
  ) {
    const seconds = await repo.sharedMovingSeconds(activity.id);
    const estimate = seconds.length ? await deps.groupMovingTime(activity.id, userId) : null;
    if (!estimate) return repo.removeOutcome(activity.id);
    await repo.saveOutcome({
      activityId: activity.id,
      sportId: activity.sportId,
      groupId: activity.groupId,
      startsAt: activity.startsAt,
      modelMinutes: estimate.modelMinutes,
      realMinutes: minutes(median(seconds)),
      recordings: seconds.length,
    });
  }

  /**
   * Saves a matched recording of a participant (the caller checked the match), in one transaction. A file replaces
   * what was there; a recording from Strava never replaces a file (the owner's own choice): then null.
   */
  const save = (
    activityId: string,
    userId: string,
    recording: MatchedRecording,
    source: { source: 'FILE' } | { source: 'STRAVA'; externalId: string },
  ) =>
    deps.changes.run(async (tx) => {
      await deps.access.require('activity', activityId, userId, { as: 'participant', tx });
      const values = {
        activityId,
        userId,
        ...source,
        startedAt: new Date(recording.startedAt),
        endedAt: new Date(recording.endedAt),
        movingSeconds: recording.movingSeconds,
        distance: recording.distance,
        onRouteShare: recording.onRouteShare,
        line: recording.line,
        createdAt: deps.now(),
      };
      return repo.save(values, tx);
    });

  return {
    save,

    /** A participant's file from their watch: read in the route worker, matched, kept as a line. */
    async add(userId: string, activityId: string, fileUrl: string, baseUrl: string) {
      const { activity } = await deps.access.require('activity', activityId, userId, { as: 'participant' });
      assertWindow(activity);
      const bytes = await deps.uploads.readOwnFile(fileUrl, userId, 'RECORDING', baseUrl);
      // The file is not kept: what is kept is the thinned line and its figures.
      const key = deps.uploads.keyOf(fileUrl, baseUrl);
      try {
        const read = await deps.routes.recording(bytes, activity.routeSteps, activity.startsAt.getTime());
        if (!read.match.matched) {
          throw new ApiError('RECORDING_NOT_MATCHED', {
            details: {
              reason: read.match.reason,
              startOffsetMinutes: read.match.startOffsetMinutes,
              onRouteShare: read.match.onRouteShare,
            },
          });
        }
        const row = await save(
          activityId,
          userId,
          { ...read, onRouteShare: read.match.onRouteShare },
          { source: 'FILE' },
        );
        // A file always replaces what was there.
        if (row!.shared) await refreshOutcome(activity, userId);
        return { recording: toMyRecording(row!) };
      } finally {
        if (key) await deps.uploads.removeFiles([key]);
      }
    },

    async setShared(userId: string, activityId: string, shared: boolean) {
      const { activity } = await deps.access.require('activity', activityId, userId, { as: 'participant' });
      const mine = await repo.mine(activityId, userId);
      if (!mine) throw new ApiError('RECORDING_NOT_FOUND');
      if (shared && mine.source !== 'FILE') throw new ApiError('RECORDING_NOT_SHAREABLE');
      const row = await repo.setShared(activityId, userId, shared);
      if (!row) throw new ApiError('RECORDING_NOT_FOUND');
      await refreshOutcome(activity, userId);
      return { recording: toMyRecording(row) };
    },

    async remove(userId: string, activityId: string) {
      const { activity } = await deps.access.require('activity', activityId, userId, { as: 'participant' });
      if (!(await repo.remove(activityId, userId))) throw new ApiError('RECORDING_NOT_FOUND');
      await refreshOutcome(activity, userId);
      return { ok: true as const };
    },

    /**
     * The recap's part (recap.service.ts): the lines the viewer sees, each cut by the privacy zones of everyone
     * taking part but the viewer (a line passes by everyone's places), their own recording, and the group's real
     * moving time beside the estimate.
     */
    async forRecap(viewerId: string, activity: { id: string; startsAt: Date; endsAt: Date }) {
      const [rows, mine, shared, estimate, people] = await Promise.all([
        repo.lines(activity.id, viewerId),
        repo.mine(activity.id, viewerId),
        repo.sharedMovingSeconds(activity.id),
        deps.groupMovingTime(activity.id, viewerId),
        repo.participantIds(activity.id),
      ]);
      const everyone = [...people, ...rows.map((r) => r.userId)];
      const zones = await deps.privacy.zonesFor(viewerId, everyone);
      const lines: RecapLine[] = rows.map((row) => {
        const points: LatLng[] = row.line.map(([latitude, longitude]) => ({ latitude, longitude }));
        const line = zones.lineAmong(everyone, points);
        return viewerMapped({
          person: toUserSummary(row),
          mine: row.userId === viewerId,
          source: row.source,
          points: line.points,
          breaks: line.breaks,
          movingMinutes: minutes(row.movingSeconds),
          distance: Math.round(row.distance),
        });
      });
      return {
        lines,
        myRecording: mine ? toMyRecording(mine) : null,
        canAddRecording: deps.now() <= markingWindow(activity).closesAt,
        movingTime: {
          realMinutes: shared.length ? minutes(median(shared)) : null,
          recordings: shared.length,
          estimatedMinutes: estimate?.minutes ?? null,
        },
      };
    },
  };
}

export type Recordings = ReturnType<typeof createRecordings>;
