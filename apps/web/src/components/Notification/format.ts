import { ActivityEditKind, type Notification, type NotificationType } from '@cordata/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../i18n/dates.ts';
import type { IconName } from '../Icon.tsx';

/** What a notification is about: it picks the icon's colour. */
export type NotificationTopic = 'activity' | 'group' | 'contact' | 'chat';

export const notificationLook: Record<NotificationType, { icon: IconName; topic: NotificationTopic }> = {
  ACTIVITY_INVITE: { icon: 'contact', topic: 'activity' },
  ACTIVITY_EDIT: { icon: 'edit', topic: 'activity' },
  ACTIVITY_ACCEPT: { icon: 'check', topic: 'activity' },
  ACTIVITY_REJECT: { icon: 'reject', topic: 'activity' },
  ACTIVITY_REQUEST: { icon: 'userPlus', topic: 'activity' },
  NEW_CONTACT: { icon: 'contacts', topic: 'contact' },
  CONTACT_REQUEST: { icon: 'userPlus', topic: 'contact' },
  GROUP_INVITE: { icon: 'contact', topic: 'group' },
  GROUP_ACCEPT: { icon: 'check', topic: 'group' },
  GROUP_REJECT: { icon: 'reject', topic: 'group' },
  GROUP_REQUEST: { icon: 'userPlus', topic: 'group' },
  SEND_MESSAGE: { icon: 'chats', topic: 'chat' },
  GEAR_UNCLAIMED: { icon: 'reject', topic: 'activity' },
  CARPOOL_REQUEST: { icon: 'userPlus', topic: 'activity' },
  CARPOOL_ACCEPTED: { icon: 'check', topic: 'activity' },
  ACTIVITY_REMINDER: { icon: 'bell', topic: 'activity' },
  ACTIVITY_SEAT_OFFER: { icon: 'check', topic: 'activity' },
  ACTIVITY_LATE_LEAVE: { icon: 'reject', topic: 'activity' },
  ACTIVITY_CANCELLED: { icon: 'reject', topic: 'activity' },
  ACTIVITY_WEATHER_ALERT: { icon: 'reject', topic: 'activity' },
  ACTIVITY_WEATHER_DECISION: { icon: 'bell', topic: 'activity' },
  ACTIVITY_NOT_BACK: { icon: 'reject', topic: 'activity' },
  ACTIVITY_RECAP_READY: { icon: 'check', topic: 'activity' },
  ACTIVITY_JOINED: { icon: 'userPlus', topic: 'activity' },
  ACTIVITY_WAITLISTED: { icon: 'userPlus', topic: 'activity' },
  ACTIVITY_SEAT_TAKEN: { icon: 'check', topic: 'activity' },
  POLL_ASKED: { icon: 'bell', topic: 'group' },
  POLL_REMINDER: { icon: 'bell', topic: 'group' },
  POLL_CLOSED: { icon: 'check', topic: 'group' },
  GROUP_CONSENT_CHANGED: { icon: 'bell', topic: 'group' },
};

/** A piece of a notification's text: plain, or a name shown in bold. */
export type TextPart = { text: string; bold: boolean };

/**
 * Splits a translated template such as `<b>{{actor}}</b> invited you to <b>{{target}}</b>` into
 * parts. Names are inserted as text, never parsed as markup, so a name can hold any character.
 */
export function fillTemplate(template: string, values: Record<string, string>): TextPart[] {
  const parts: TextPart[] = [];
  const pattern = /<b>\{\{(\w+)\}\}<\/b>|\{\{(\w+)\}\}/g;
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: template.slice(last, match.index), bold: false });
    const bold = match[1] !== undefined;
    parts.push({ text: values[(match[1] ?? match[2]) as string] ?? '', bold });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last), bold: false });
  return parts;
}

const fallbackTarget: Record<NotificationTopic, string> = {
  activity: 'notification.anActivity',
  group: 'notification.aGroup',
  contact: 'notification.anActivity',
  chat: 'notification.aChat',
};

/** The text of a notification in the current language, with the actor's and the target's names. */
export function notificationText(n: Notification, t: TFunction): TextPart[] {
  const actor = n.actor
    ? [n.actor.firstName, n.actor.lastName].filter(Boolean).join(' ') || n.actor.username || t('notification.someone')
    : t('notification.someone');
  const target = n.targetName || t(fallbackTarget[notificationLook[n.type].topic]);
  const template = t(templateKey(n), { skipInterpolation: true });
  return fillTemplate(template, {
    actor,
    target,
    time: reminderTomorrow(n) ?? n.reason ?? '',
    when: cancelledWhen(n, t) ?? '',
    more: String(batchedMore(n)),
  });
}

/**
 * The day and start time of a cancelled date of a series, or of an activity moved for the weather
 * ("2026-12-08 18:30" → "Tue 8 Dec, 18:30").
 */
function cancelledWhen(n: Notification, t: TFunction): string | null {
  const reason = n.type === 'ACTIVITY_CANCELLED' ? n.reason : weatherMove(n);
  if (!reason) return null;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(reason);
  if (!match) return null;
  const day = formatDate(new Date(`${match[1]}T12:00:00Z`), t('notification.dateLanguage'), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return `${day}, ${match[2]}`;
}

const BATCHED: NotificationType[] = [
  'ACTIVITY_JOINED',
  'ACTIVITY_WAITLISTED',
  'ACTIVITY_SEAT_TAKEN',
  'ACTIVITY_LATE_LEAVE',
];

/** How many more people an organiser's batched notification folds in (its reason ends in " +N"); 0 for none. */
function batchedMore(n: Notification): number {
  if (!BATCHED.includes(n.type) || !n.reason) return 0;
  return Number(/\+(\d+)$/.exec(n.reason)?.[1] ?? 0);
}

/** An edit that moved the time or the start point says so (its reason is an ActivityEditKind). */
function templateKey(n: Notification): string {
  const more = batchedMore(n);
  const soon = n.type === 'ACTIVITY_LATE_LEAVE' && !!n.reason?.startsWith('SOON');
  if (more) return `notification.batched.${more === 1 ? 'one' : 'other'}.${n.type}${soon ? '_SOON' : ''}`;
  if (soon) return 'notification.lateLeaveSoon';
  if (n.type === 'ACTIVITY_EDIT' && n.reason && ActivityEditKind.safeParse(n.reason).success)
    return `notification.edits.${n.reason}`;
  if (n.type === 'ACTIVITY_REMINDER' && !n.reason) return 'notification.reminderSoon';
  if (n.type === 'ACTIVITY_CANCELLED' && !n.reason) return 'notification.cancelledSoon';
  if (reminderTomorrow(n)) return 'notification.reminderTomorrow';
  if (n.type === 'SEND_MESSAGE' && n.reason === 'DIRECT') return 'notification.directMessage';
  if (n.type === 'ACTIVITY_WEATHER_ALERT' && n.reason?.split(' ')[2]?.split(',').includes('SWITCH_BACKUP'))
    return 'notification.weatherAlertBackup';
  if (n.type === 'ACTIVITY_NOT_BACK' && n.reason === 'SELF') return 'notification.notBackSelf';
  if (n.type === 'ACTIVITY_WEATHER_DECISION')
    return `notification.weatherDecisions.${weatherMove(n) ? 'MOVE' : n.reason === 'CANCEL' || n.reason === 'SWITCH_BACKUP' ? n.reason : 'KEEP'}`;
  return `notification.types.${n.type}`;
}

/** The new day and start of an activity moved for the weather ("MOVE 2026-12-01 09:00" → "2026-12-01 09:00"). */
function weatherMove(n: Notification): string | null {
  if (n.type !== 'ACTIVITY_WEATHER_DECISION' || !n.reason) return null;
  const m = /^MOVE (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(n.reason);
  return m ? `${m[1]} ${m[2]}` : null;
}

/** The start time of a reminder sent the day before ("TOMORROW 09:00" → "09:00"); null otherwise. */
function reminderTomorrow(n: Notification): string | null {
  if (n.type !== 'ACTIVITY_REMINDER' || !n.reason) return null;
  return /^TOMORROW (\d{2}:\d{2})$/.exec(n.reason)?.[1] ?? null;
}

/** The reason shown under a rejection, if any. */
export function rejectionReason(n: Notification): string | null {
  return (n.type === 'ACTIVITY_REJECT' || n.type === 'GROUP_REJECT') && n.reason ? n.reason : null;
}

/** The required gear nobody brings, named in the reader's language (template items by their key). */
export function missingGear(n: Notification, t: TFunction): string | null {
  if (n.type !== 'GEAR_UNCLAIMED' || !n.reason) return null;
  const names = n.reason.split(',').map((item) => {
    const key = item.trim();
    return t(`logistics.gear.templates.${key}`, { defaultValue: key });
  });
  return t('logistics.gear.missing', { items: names.join(', ') });
}
