import {
  type CallResponse,
  CHAT_PAGE_SIZE,
  FIRST_PAGE,
  PAGE_SIZE,
  type PackAnswer,
  type PackTiles,
} from '@cordata/contract';
import type { Access } from '../access/access.ts';
import type { CutGeometry, PackCutter } from '../maps/pack-cut.ts';
import type { Asker, CallAnswerer } from './pack-answers.ts';
import type { PackLinks } from './pack-link.ts';

/** At most this many pages of participants go in a pack (PAGE_SIZE each): the page loads more on demand. */
const MAX_PARTICIPANT_PAGES = 20;

type Activity = CallResponse<'activity/read-info'>['activity'];

/**
 * What the cut follows: the activity as the person sees it (its read-info answer): the drawn pieces of the route
 * (never across a break, where the route crosses a privacy zone), the start and the destination when shown, and the
 * centre of the meeting area when the person sees an area instead of the start. Nothing hidden from the person.
 */
export function packGeometry(activity: Activity): CutGeometry {
  const pieces: { latitude: number; longitude: number }[][] = [];
  const { routeSteps, routeBreaks } = activity.route;
  const breaks = new Set(routeBreaks);
  let piece: { latitude: number; longitude: number }[] = [];
  routeSteps.forEach((p, i) => {
    if (breaks.has(i) && piece.length > 0) {
      pieces.push(piece);
      piece = [];
    }
    piece.push({ latitude: p.latitude, longitude: p.longitude });
  });
  if (piece.length > 0) pieces.push(piece);
  for (const place of [activity.start, activity.route.start, activity.route.destination, activity.meetingArea]) {
    if (place) pieces.push([{ latitude: place.latitude, longitude: place.longitude }]);
  }
  return pieces;
}

/**
 * The outing pack (issue 38, docs/maps.md "The outing pack"): for a person taking part in an activity (its
 * participants and organisers; not the waitlist, not visitors), the answers its page needs, each exactly what the
 * call answers that person now (pack-answers.ts), and a signed link to a basemap cut along the route as they see it.
 */
export function createOfflineService(deps: {
  access: Access;
  answer: CallAnswerer;
  cutter: PackCutter | null;
  links: PackLinks;
  now: () => Date;
}) {
  /** The bodies the web app sends for each call on the activity page (apps/web/src/state/queries, chat/agent.ts). */
  async function answers(
    activityId: string,
    asker: Asker,
  ): Promise<{ answers: PackAnswer[]; activity: Activity | null }> {
    const out: PackAnswer[] = [];
    const add = async (call: PackAnswer['call'], body: Record<string, unknown>) => {
      const response = await deps.answer(call, body, asker);
      if (response !== null) out.push({ call, body, response });
      return response;
    };
    const info = (await add('activity/read-info', { activityId })) as CallResponse<'activity/read-info'> | null;
    for (let page = FIRST_PAGE; page < FIRST_PAGE + MAX_PARTICIPANT_PAGES; page++) {
      const listed = (await add('activity/list-participants', {
        activityId,
        pagination: { page, limit: PAGE_SIZE },
      })) as CallResponse<'activity/list-participants'> | null;
      if (!listed || listed.participants.length < PAGE_SIZE) break;
    }
    await add('activity/safety', { activityId });
    await add('activity/weather', { activityId });
    await add('attendance/read-pass', { activityId });
    await add('gear/list', { activityId });
    const chatId = info?.activity.chatId;
    if (chatId) await add('chat/list-messages', { chatId, limit: CHAT_PAGE_SIZE });
    return { answers: out, activity: info?.activity ?? null };
  }

  async function cutFor(activity: Activity | null) {
    if (!deps.cutter || !activity) return null;
    return deps.cutter.cut(packGeometry(activity));
  }

  const admit = (activityId: string, userId: string) =>
    deps.access.require('activity', activityId, userId, { as: 'participant' });

  return {
    async size(activityId: string, asker: Asker) {
      await admit(activityId, asker.user.userId);
      const { answers: held, activity } = await answers(activityId, asker);
      const cut = await cutFor(activity);
      return {
        answersBytes: Buffer.byteLength(JSON.stringify(held)),
        tilesBytes: cut?.bytes ?? null,
      };
    },

    async build(activityId: string, asker: Asker) {
      await admit(activityId, asker.user.userId);
      const builtAt = deps.now().toISOString();
      const { answers: held, activity } = await answers(activityId, asker);
      const cut = await cutFor(activity);
      let tiles: PackTiles | null = null;
      if (cut) {
        const link = deps.links.sign({ activityId, userId: asker.user.userId, cutKey: cut.key });
        tiles = {
          url: link.url,
          bytes: cut.bytes,
          bounds: cut.bounds,
          maxZoom: cut.maxZoom,
          expiresAt: link.expiresAt.toISOString(),
        };
      }
      return { activityId, builtAt, answers: held, tiles };
    },
  };
}

export type OfflineService = ReturnType<typeof createOfflineService>;
