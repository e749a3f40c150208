import {
  FALLBACK_LANGUAGE,
  INTL_LOCALES,
  type Language,
  type NotificationType,
  notificationActionPath,
  WEATHER_PUSH_ORDER,
  weatherChoices,
} from '@cordata/contract';
import {
  ACTIVITY_EDIT_KINDS,
  LANGUAGES,
  WEATHER_BREACH_KINDS,
  WEATHER_CHOICES,
  type WeatherChoice,
} from '@cordata/contract/enums';
import { pushText as text } from '../../i18n/push.ts';

/**
 * What a notification's reason carries, per type: ACTIVITY_EDIT what changed (ActivityEditKind), GEAR_UNCLAIMED the
 * missing items as a comma-separated list, ACTIVITY_REMINDER the local start time ("09:00", or "TOMORROW 09:00" the
 * day before), SEND_MESSAGE 'DIRECT' for a direct chat, ACTIVITY_SEAT_OFFER the instant the offer runs out (the app
 * counts down to it), ACTIVITY_CANCELLED the local day and start time of the cancelled date of a series
 * ("2026-12-08 18:30"), ACTIVITY_WEATHER_ALERT the lead, the broken limits and the answers offered
 * ("24H GUSTS,RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL") and ACTIVITY_WEATHER_DECISION the organiser's choice (KEEP,
 * SWITCH_BACKUP, CANCEL, "MOVE 2026-12-01 09:00"). The batched organiser notices (ACTIVITY_JOINED and the like) end
 * in " +N", the people folded in. The words are in i18n/locales/<language>/push.json.
 */
type Vars = { actor: string; target: string; reason: string };

/**
 * ACTIVITY_WEATHER_ALERT's reason: "24H GUSTS,RAIN KEEP,MOVE,CANCEL" → the lead, the kinds broken and the answers
 * offered (an alert stored before backup routes offers keep, move and cancel).
 */
const alertOf = (reason: string) => {
  const [lead = '', kinds = '', offered] = reason.split(' ');
  const choices = offered ? WEATHER_CHOICES.filter((c) => offered.split(',').includes(c)) : weatherChoices(false);
  return { lead: lead === '3H' ? 3 : 24, kinds: kinds.split(',').filter(Boolean), choices };
};
/** ACTIVITY_WEATHER_DECISION's reason: KEEP, CANCEL, or "MOVE YYYY-MM-DD HH:mm". */
const decisionOf = (reason: string) => {
  const [choice = '', date = '', time = ''] = reason.split(' ');
  return { choice, date, time };
};
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);
/** How many more people a batched organiser notification folds in (its reason ends in " +N"); 0 for none. */
const more = (reason: string) => Number(/\+(\d+)$/.exec(reason)?.[1] ?? 0);
/** A late leave close to the start rather than after the join deadline (reason SOON). */
const soon = (reason: string) => reason.startsWith('SOON');
/** "Ada joined", or "Ada and 2 more joined": the key's `single` text, or its `more` texts counting the others. */
const batched = (lang: Language, key: string, v: Vars) =>
  more(v.reason) ? text(lang, `${key}.more`, { ...v, count: more(v.reason) }) : text(lang, `${key}.single`, v);
const count = (list: string) => list.split(',').filter((s) => s.trim()).length;
/** The time of a reminder for tomorrow ("TOMORROW 09:00" → "09:00"); null for one today. */
const tomorrow = (reason: string) => /^TOMORROW (\d{2}:\d{2})$/.exec(reason)?.[1] ?? null;
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
/** A cancelled date ("2026-12-08 18:30") as its short day ("Tue 8 Dec", "mar 8 dic") and time; null when malformed. */
function cancelledDate(reason: string, lang: Language) {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(reason);
  if (!match) return null;
  const day = new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(noon(match[1]!));
  return { day, time: match[2]! };
}
/** The new day of a moved activity, day first as everywhere else (05/12/2026, 05.12.2026). */
function movedDay(date: string, lang: Language) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(noon(date));
}

function body(lang: Language, type: NotificationType, v: Vars): string {
  switch (type) {
    case 'ACTIVITY_EDIT':
      return isOneOf(ACTIVITY_EDIT_KINDS, v.reason)
        ? text(lang, `edits.${v.reason}`, v)
        : text(lang, 'types.ACTIVITY_EDIT', v);
    case 'SEND_MESSAGE':
      return v.reason === 'DIRECT' ? text(lang, 'directMessage', v) : text(lang, 'types.SEND_MESSAGE', v);
    case 'GEAR_UNCLAIMED':
      return text(lang, 'gearUnclaimed', { ...v, count: count(v.reason) });
    case 'ACTIVITY_REMINDER': {
      const time = tomorrow(v.reason);
      return time
        ? text(lang, 'reminder.tomorrow', { ...v, time })
        : v.reason
          ? text(lang, 'reminder.at', { ...v, time: v.reason })
          : text(lang, 'reminder.soon', v);
    }
    case 'ACTIVITY_LATE_LEAVE':
      return batched(lang, soon(v.reason) ? 'lateLeave.startsSoon' : 'lateLeave.afterDeadline', v);
    case 'ACTIVITY_CANCELLED': {
      const date = cancelledDate(v.reason, lang);
      return date ? text(lang, 'cancelled.dated', { ...v, ...date }) : text(lang, 'cancelled.undated', v);
    }
    case 'ACTIVITY_WEATHER_ALERT': {
      const a = alertOf(v.reason);
      const kinds = a.kinds.map((k) => (isOneOf(WEATHER_BREACH_KINDS, k) ? text(lang, `weather.kinds.${k}`) : k));
      return text(lang, a.choices.includes('SWITCH_BACKUP') ? 'weather.alertWithBackup' : 'weather.alert', {
        target: v.target,
        hours: a.lead,
        kinds: kinds.join(', '),
      });
    }
    case 'ACTIVITY_WEATHER_DECISION': {
      const d = decisionOf(v.reason);
      const choice = d.choice === 'CANCEL' || d.choice === 'MOVE' || d.choice === 'SWITCH_BACKUP' ? d.choice : 'KEEP';
      return text(lang, `weather.decisions.${choice}`, {
        target: v.target,
        date: movedDay(d.date, lang),
        time: d.time,
      });
    }
    case 'ACTIVITY_NOT_BACK':
      return text(lang, v.reason === 'SELF' ? 'notBack.self' : 'notBack.other', v);
    case 'ACTIVITY_JOINED':
      return batched(lang, 'joined', v);
    case 'ACTIVITY_WAITLISTED':
      return batched(lang, 'waitlisted', v);
    case 'ACTIVITY_SEAT_TAKEN':
      return batched(lang, 'seatTaken', v);
    default:
      return text(lang, `types.${type}`, v);
  }
}

const languageOf = (language: string): Language => (isOneOf(LANGUAGES, language) ? language : FALLBACK_LANGUAGE);

/** The push text of a notification, in the recipient's language (English when unknown). */
export function pushText(
  language: string,
  type: NotificationType,
  vars: { actor?: string | null; target?: string | null; reason?: string | null },
) {
  const lang = languageOf(language);
  return {
    title: text(lang, 'title'),
    body: body(lang, type, {
      actor: vars.actor || text(lang, 'someone'),
      target: vars.target || text(lang, 'anActivity'),
      reason: vars.reason || '',
    }),
  };
}

/** A button on a push: its id (the answer), its label, and the app path it opens. */
export interface PushAction {
  action: WeatherChoice;
  title: string;
  path: string;
}

/**
 * The buttons of a push: a weather alert's answers (keep, cancel, switch to the backup route where offered, move, in
 * WEATHER_PUSH_ORDER), each opening the activity with that answer chosen; none for the other types.
 */
export function pushActions(language: string, type: NotificationType, reason: string | null, path: string) {
  if (type !== 'ACTIVITY_WEATHER_ALERT') return [];
  const lang = languageOf(language);
  const { choices } = alertOf(reason ?? '');
  return WEATHER_PUSH_ORDER.filter((action) => choices.includes(action)).map(
    (action): PushAction => ({
      action,
      title: text(lang, `weather.actions.${action}`),
      path: notificationActionPath(path, action),
    }),
  );
}
