import { type LatLng, RECAP_ALBUM_DAYS, RECAP_PHOTOS_MAX, type Recap, type RecapPhoto } from '@cordata/contract';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import type { Recordings } from '../recordings/recordings.service.ts';
import type { Changes } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { toPersonOrNull, toUserSummary } from '../users/user-summary.ts';
import type { RecapRepository } from './recap.repository.ts';

const DAY = 86_400_000;

/**
 * Cuts from the recap's line what lies inside other people's privacy zones, for the viewer: modules.ts wires the
 * privacy module's `activityLine` (docs/privacy.md).
 */
export type TrackTrimmer = (input: {
  activityId: string;
  viewerId: string;
  points: LatLng[];
}) => Promise<{ points: LatLng[]; breaks: number[] }>;

/** When the album of an activity that ended at `endsAt` stops taking photos. */
export const albumClosesAt = (endsAt: Date) => new Date(endsAt.getTime() + RECAP_ALBUM_DAYS * DAY);

export interface RecapDeps {
  repo: RecapRepository;
  changes: Changes;
  access: Pick<Access, 'require'>;
  uploads: Pick<UploadsService, 'claim' | 'keyOf' | 'signedReadUrl' | 'removeFiles'>;
  trimTrack: TrackTrimmer;
  /** The real lines and times (modules/recordings). */
  recordings: Pick<Recordings, 'forRecap'>;
  now: () => Date;
}

/**
 * The recap of an activity (docs/recap.md): from its end, the people taking part and its organisers see who came,
 * the route, and an album they add photos to for 7 days. Nobody else sees any of it: not outsiders, not people an
 * organiser blocked, and a photo's address is signed for the reader and expires.
 */
export function createRecap(deps: RecapDeps) {
  const { repo } = deps;

  /** The activity and whether the caller organises it, if they may see its recap (taking part, not blocked). */
  async function loadForMember(activityId: string, userId: string, tx?: DbOrTx, lock = false) {
    const row = await deps.access.require('activity', activityId, userId, { as: 'participant', lock, tx });
    return { activity: row.activity, admin: row.isOrganiser };
  }

  async function toPhoto(
    row: { photoId: string; storageKey: string; uploaderId: string | null; createdAt: Date },
    uploader: RecapPhoto['uploader'],
    viewer: { userId: string; admin: boolean },
    baseUrl: string,
  ): Promise<RecapPhoto> {
    return {
      photoId: row.photoId,
      uploader,
      createdAt: row.createdAt.toISOString(),
      url: await deps.uploads.signedReadUrl(row.storageKey, baseUrl),
      canDelete: viewer.admin || row.uploaderId === viewer.userId,
    };
  }

  return {
    async read(userId: string, activityId: string, baseUrl: string): Promise<{ recap: Recap }> {
      const { activity, admin } = await loadForMember(activityId, userId);
      const now = deps.now();
      if (now < activity.endsAt) throw new ApiError('RECAP_NOT_READY');
      const [attendees, photos, line, recorded] = await Promise.all([
        repo.attendees(activityId),
        repo.photos(activityId, userId),
        deps.trimTrack({ activityId, viewerId: userId, points: activity.routeSteps }),
        deps.recordings.forRecap(userId, activity),
      ]);
      const closesAt = albumClosesAt(activity.endsAt);
      return {
        recap: {
          activityId,
          name: activity.name,
          sportId: activity.sportId,
          startsAt: activity.startsAt.toISOString(),
          endsAt: activity.endsAt.toISOString(),
          // The organisers' marks (docs/attendance.md); a late cancel of someone who came back is no mark of this date.
          // A no-show or an excuse is part of a person's record, which is never shown to other participants: they
          // see who came, the organisers see every mark.
          attendees: attendees
            .map((a) => ({
              ...toUserSummary(a),
              isAdmin: a.isAdmin,
              attendance: a.attendance === 'LATE_CANCEL' ? null : a.attendance,
            }))
            .filter((a) => admin || (a.attendance !== 'NO_SHOW' && a.attendance !== 'EXCUSED')),
          route: {
            points: line.points,
            breaks: line.breaks,
            totalDistance: activity.totalDistance,
            totalElevationGain: activity.totalElevationGain,
            durationMinutes: Math.round((activity.endsAt.getTime() - activity.startsAt.getTime()) / 60_000),
          },
          ...recorded,
          albumOpenUntil: closesAt.toISOString(),
          canUpload: now < closesAt,
          photos: await Promise.all(
            photos.map((p) => toPhoto(p, toPersonOrNull(p.uploader), { userId, admin }, baseUrl)),
          ),
        },
      };
    },

    /** A participant adds their own RECAP_PHOTO upload to the album, from the end for 7 days. */
    async addPhoto(userId: string, activityId: string, fileUrl: string, baseUrl: string) {
      const checkWindow = (endsAt: Date) => {
        const now = deps.now();
        if (now < endsAt || now >= albumClosesAt(endsAt)) throw new ApiError('RECAP_ALBUM_CLOSED');
      };
      const { activity } = await loadForMember(activityId, userId);
      checkWindow(activity.endsAt);
      // Checked (type, size) and re-encoded without its metadata, GPS position included, before it is added.
      const storageKey = deps.uploads.keyOf(
        await deps.uploads.claim(fileUrl, userId, 'RECAP_PHOTO', baseUrl),
        baseUrl,
      )!;
      const row = await deps.changes.run(async (tx) => {
        // Photos of one album are added one after the other, so the limit holds.
        const { activity: current, admin } = await loadForMember(activityId, userId, tx, true);
        checkWindow(current.endsAt);
        if ((await repo.count(activityId, tx)) >= RECAP_PHOTOS_MAX) {
          throw new ApiError('RECAP_ALBUM_FULL', { details: { max: RECAP_PHOTOS_MAX } });
        }
        const added = await repo.insert(
          { id: uuidv7(), activityId, uploaderId: userId, storageKey, createdAt: deps.now() },
          tx,
        );
        if (!added) throw new ApiError('UPLOAD_INVALID', { message: 'This photo is in an album already' });
        return { added, admin };
      });
      const me = (await repo.attendees(activityId)).find((a) => a.userId === userId);
      const photo = await toPhoto(
        { photoId: row.added.id, storageKey, uploaderId: userId, createdAt: row.added.createdAt },
        me ? toUserSummary(me) : null,
        { userId, admin: row.admin },
        baseUrl,
      );
      return { photo };
    },

    /** Its uploader or an organiser deletes a photo; the file goes with it. */
    async deletePhoto(userId: string, activityId: string, photoId: string) {
      const storageKey = await deps.changes.run(async (tx) => {
        const { admin } = await loadForMember(activityId, userId, tx);
        const photo = await repo.find(activityId, photoId, tx);
        if (!photo) throw new ApiError('PHOTO_NOT_FOUND');
        if (!admin && photo.uploaderId !== userId) {
          throw new ApiError('FORBIDDEN', { message: 'Only its uploader or an organiser can delete this photo' });
        }
        await repo.remove(photoId, tx);
        return photo.storageKey;
      });
      await deps.uploads.removeFiles([storageKey]);
      return { ok: true as const };
    },
  };
}

export type RecapService = ReturnType<typeof createRecap>;
