import { zip } from 'fflate';
import type { Db } from '../../db/client.ts';
import { drawnTrackGpx } from '../activities/activity-route.ts';
import { areaReaderCuts, pointsFor } from '../activities/meeting-area.ts';
import { activityEvent, icsPlace, writeIcs } from '../calendar/ics.ts';
import { createPrivacyRepository } from '../privacy/privacy.repository.ts';
import { createPrivacyTrim } from '../privacy/privacy-trim.ts';
import { toUserSummary } from '../users/user-summary.ts';
import { createExportsRepository } from './exports.repository.ts';

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const text = (value: string) => new TextEncoder().encode(value);

/** How many activities' route files one export holds at most: the latest ones (review M-N1). */
export const EXPORT_MAX_ROUTE_FILES = 200;

const README = `Your Cordata data
=================

profile.json        your profile, sports and settings
contacts.json       your contacts and pending contact requests
activities.json     the activities you created or were part of, with your role
activities/*.gpx    the route of each of those activities (GPX 1.1), for the latest ${EXPORT_MAX_ROUTE_FILES}
                    of them: your own uploaded files as you uploaded them, every other route as the
                    line Cordata shows on its map
groups.json         the groups you belong to or asked to join
messages.json       the messages you wrote, with the chat they belong to
notifications.json  your notifications
gear.json           your private gear checklists and the group gear you bring
safety.json         your emergency contacts, privacy zones, attendance record and shared positions
recordings.json     the recordings of your outings (from your watch or Strava) and your Strava link
calendar.ics        your activities as a calendar (iCalendar, UTC times)

JSON files are UTF-8; times are ISO 8601 in UTC; distances in metres.
`;

/**
 * Everything a person has, as the files of their export (GDPR portability): JSON for the records, GPX for
 * the routes and ICS for the calendar. Read with the person's id only, so nobody else's private data
 * (another person's checklist, an e-mail address) can slip in.
 */
export async function buildExportFiles(
  userId: string,
  now: Date,
  db: Db,
  maxRouteFiles = EXPORT_MAX_ROUTE_FILES,
): Promise<Record<string, Uint8Array>> {
  const data = await createExportsRepository(db).personalData(userId);
  if (!data) throw new Error('export of a missing user');
  const { user, sports, contactRows, people, activityRows, groupRows, messageRows, notificationRows, gearRows } = data;
  const { contactsInEmergency, zoneRows, attendanceRows, positionRows, recordingRows, strava } = data;
  const personById = new Map(people.map((p) => [p.userId, toUserSummary(p)]));

  // Other organisers' routes come trimmed by their privacy zones, as every answer gives them (docs/privacy.md).
  const zones = await createPrivacyTrim({ repo: createPrivacyRepository(db) }).zonesFor(
    userId,
    activityRows.map(({ activity }) => activity.createdBy),
  );
  const startOf = (a: (typeof activityRows)[number]['activity']) => ({
    latitude: a.startLatitude,
    longitude: a.startLongitude,
  });
  const startHidden = (a: (typeof activityRows)[number]['activity']) => zones.hides(a.createdBy, startOf(a));

  const files: Record<string, Uint8Array> = {
    'README.txt': text(README),
    'profile.json': json({
      userId: user.id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      birthDate: user.birthDate,
      gender: user.gender,
      country: user.country,
      city: user.city,
      phone: user.phone,
      profilePicture: user.profilePicture,
      language: user.language,
      sports: sports.map((s) => ({
        sportId: s.sportId,
        intensity: { kind: s.intensityKind, value: s.intensityValue },
      })),
      notificationPreferences: user.notificationPreferences,
      reminderMinutes: user.reminderMinutes,
      termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
      privacyAcceptedAt: user.privacyAcceptedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      exportedAt: now.toISOString(),
    }),
    'contacts.json': json(
      contactRows.map((c) => {
        const otherId = c.requesterId === userId ? c.addresseeId : c.requesterId;
        return {
          person: personById.get(otherId) ?? { userId: otherId },
          status: c.status === 'ACCEPTED' ? 'CONTACT' : c.requesterId === userId ? 'REQUEST_SENT' : 'REQUEST_RECEIVED',
          since: (c.acceptedAt ?? c.createdAt).toISOString(),
        };
      }),
    ),
    'activities.json': json(
      activityRows.map(({ activity: a, member: m }) => {
        const seen = pointsFor(a, m?.state ?? null);
        return {
          activityId: a.id,
          name: a.name,
          sportId: a.sportId,
          startsAt: a.startsAt.toISOString(),
          endsAt: a.endsAt.toISOString(),
          timeZone: a.timeZone,
          description: a.description,
          difficulty: a.difficulty,
          access: a.access,
          visibility: a.visibility,
          // The meeting area instead of the start of a closed activity the person does not take part in.
          start: startHidden(a) ? null : seen.start,
          meetingArea: startHidden(a) ? null : seen.area,
          totalDistance: a.totalDistance,
          totalElevationGain: a.totalElevationGain,
          createdByMe: a.createdBy === userId,
          myState: m?.state ?? null,
          iAmAdmin: m?.isAdmin ?? false,
          gpxFile: `activities/${a.id}.gpx`,
        };
      }),
    ),
    'groups.json': json(
      groupRows.map(({ group: g, member: m }) => ({
        groupId: g.id,
        name: g.name,
        description: g.description,
        type: g.type,
        myState: m.state,
        iAmAdmin: m.isAdmin,
        joinedAt: m.joinedAt?.toISOString() ?? null,
      })),
    ),
    'messages.json': json(
      messageRows
        .filter(({ message }) => !message.removedAt)
        .map(({ message, chat }) => ({
          messageId: message.id,
          chat:
            chat.kind === 'ACTIVITY'
              ? { activityId: chat.activityId }
              : chat.kind === 'DIRECT'
                ? { directWith: chat.userLowId === userId ? chat.userHighId : chat.userLowId }
                : { groupId: chat.groupId },
          text: message.text,
          sentAt: message.createdAt.toISOString(),
        })),
    ),
    'notifications.json': json(
      notificationRows.map((n) => ({
        notificationId: n.id,
        type: n.type,
        targetId: n.targetId,
        reason: n.reason,
        read: n.readAt !== null,
        createdAt: n.createdAt.toISOString(),
      })),
    ),
    'gear.json': json(
      gearRows.map((g) => ({
        activityId: g.activityId,
        name: g.name,
        kind: g.personalFor ? 'MY_CHECKLIST' : 'I_BRING',
        checked: g.checked,
      })),
    ),
    // Issue 23 and 22: what the safety loop, the privacy zones and attendance keep about the person.
    'safety.json': json({
      emergencyContacts: contactsInEmergency.map((c) => ({ name: c.name, email: c.email })),
      privacyZones: zoneRows.map((z) => ({
        label: z.label,
        chosen: { latitude: z.chosenLatitude, longitude: z.chosenLongitude },
        circle: { latitude: z.latitude, longitude: z.longitude, radiusMetres: z.radiusMetres },
        createdAt: z.createdAt.toISOString(),
      })),
      attendance: attendanceRows.map((a) => ({
        activityId: a.activityId,
        status: a.status,
        markedAt: a.markedAt.toISOString(),
      })),
      sharedPositions: positionRows.map((p) => ({
        activityId: p.activityId,
        latitude: p.latitude,
        longitude: p.longitude,
        accuracy: p.accuracy,
        recordedAt: p.recordedAt.toISOString(),
      })),
    }),
    // Issue 42: each recording as it is kept (its line thinned, the file itself is never kept), and the Strava link
    // without its tokens.
    'recordings.json': json({
      strava: strava && { athleteId: strava.athleteId, connectedAt: strava.connectedAt.toISOString() },
      recordings: recordingRows.map((r) => ({
        activityId: r.activityId,
        source: r.source,
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt.toISOString(),
        movingSeconds: r.movingSeconds,
        distance: r.distance,
        onRouteShare: r.onRouteShare,
        shared: r.shared,
        line: r.line.map(([latitude, longitude]) => ({ latitude, longitude })),
      })),
    }),
    'calendar.ics': text(
      writeIcs({
        name: 'Cordata',
        now,
        events: activityRows
          .filter(({ member }) => member?.state === 'PARTICIPATING')
          // Only activities they take part in: their start, unless the organiser's zones hold it.
          .map(({ activity }) =>
            activityEvent(activity, undefined, icsPlace(activity, true, zones.zonesOf(activity.createdBy))),
          ),
      }),
    ),
  };
  for (const { activity: a, member: m, gpx } of activityRows.slice(-maxRouteFiles)) {
    // The person's own uploaded file as it was uploaded. Any other route as its stored line, never parsed from the
    // organiser's file here on the event loop (review M-N1): trimmed by the organiser's privacy zones, and outside
    // the meeting area for a reader who sees an area (issue 23), as every answer gives it (docs/privacy.md).
    const trim = zones.zonesOf(a.createdBy);
    const seen = pointsFor(a, m?.state ?? null);
    files[`activities/${a.id}.gpx`] = text(
      seen.area
        ? drawnTrackGpx({ ...a, routeSteps: seen.routeSteps, elevationProfile: [] }, areaReaderCuts(seen.area, trim))
        : (gpx ?? drawnTrackGpx(a, trim)),
    );
  }
  return files;
}

/** Zips in fflate's worker threads, so a large export never blocks the event loop. */
export function zipFiles(files: Record<string, Uint8Array>): Promise<Uint8Array> {
  return new Promise((resolve, reject) => zip(files, { level: 6 }, (err, data) => (err ? reject(err) : resolve(data))));
}
