import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id } from '../common.ts';

/** A subscription address: calendar apps fetch it with GET, without a token (the address is the secret). */
const feedAnswer = z.object({ url: z.string() });

export const calendarCalls = {
  'calendar/activity-ics': defineCall({
    auth: true,
    summary: 'One activity as an iCalendar file, for "Add to calendar"',
    body: z.object({ activityId: Id }),
    response: z.object({ fileName: z.string(), ics: z.string() }),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
  'calendar/my-feed': defineCall({
    auth: true,
    summary: 'My private calendar feed: the activities I take part in',
    body: null,
    response: feedAnswer,
  }),
  'calendar/group-feed': defineCall({
    auth: true,
    summary: "A group's calendar feed: public for an open group, private to me for a closed group I am in",
    body: z.object({ groupId: Id }),
    response: feedAnswer,
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'calendar/reset-my-feeds': defineCall({
    auth: true,
    summary: 'New addresses for my private feeds; the old ones stop working',
    body: null,
    response: feedAnswer,
  }),
};
