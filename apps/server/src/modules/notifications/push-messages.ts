import {
  type Language,
  type NotificationType,
  notificationActionPath,
  WEATHER_PUSH_ORDER,
  weatherChoices,
} from '@cordata/contract';
import { WEATHER_CHOICES, type WeatherChoice } from '@cordata/contract/enums';

type Vars = { actor: string; target: string; reason: string };
type Texts = Record<NotificationType, (v: Vars) => string>;
/**
 * GEAR_UNCLAIMED carries the missing items as a comma-separated list, ACTIVITY_EDIT what changed
 * (ActivityEditKind), ACTIVITY_REMINDER the local start time ("09:00", or "TOMORROW 09:00" the day before)
 * SEND_MESSAGE 'DIRECT' for a direct chat, ACTIVITY_SEAT_OFFER the instant the offer runs out (the app counts down to
 * it), and ACTIVITY_CANCELLED the local day and start time of the cancelled date of a series ("2026-12-08 18:30").
 * SEND_MESSAGE 'DIRECT' for a direct chat, ACTIVITY_WEATHER_ALERT the lead, the broken limits and the answers
 * offered ("24H GUSTS,RAIN KEEP,MOVE,SWITCH_BACKUP,CANCEL") and ACTIVITY_WEATHER_DECISION the organiser's choice
 * (KEEP, SWITCH_BACKUP, CANCEL, "MOVE 2026-12-01 09:00").
 */
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
const enKinds: Record<string, string> = {
  GUSTS: 'gusts',
  RAIN: 'rain',
  COLD: 'cold',
  HEAT: 'heat',
  THUNDERSTORM: 'thunderstorms',
};
const itKinds: Record<string, string> = {
  GUSTS: 'raffiche',
  RAIN: 'pioggia',
  COLD: 'freddo',
  HEAT: 'caldo',
  THUNDERSTORM: 'temporali',
};
/** How many more people a batched organiser notification folds in (its reason ends in " +N"); 0 for none. */
const more = (reason: string) => Number(/\+(\d+)$/.exec(reason)?.[1] ?? 0);
/** A late leave close to the start rather than after the join deadline (reason SOON). */
const soon = (reason: string) => reason.startsWith('SOON');
const andMoreEn = (v: Vars) => (more(v.reason) ? `${v.actor} and ${more(v.reason)} more` : v.actor);
const andMoreIt = (v: Vars) =>
  more(v.reason) === 1
    ? `${v.actor} e un'altra persona`
    : more(v.reason)
      ? `${v.actor} e altre ${more(v.reason)} persone`
      : v.actor;
const italianDate = (date: string) => date.split('-').reverse().join('/');
const count = (list: string) => list.split(',').filter((s) => s.trim()).length;
/** The time of a reminder for tomorrow ("TOMORROW 09:00" → "09:00"); null for one today. */
const tomorrow = (reason: string) => /^TOMORROW (\d{2}:\d{2})$/.exec(reason)?.[1] ?? null;
/** A cancelled date ("2026-12-08 18:30") as "Tue 8 Dec at 18:30" / "mar 8 dic alle 18:30"; empty when malformed. */
function cancelledDate(reason: string, lang: Language) {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(reason);
  if (!match) return '';
  const day = new Intl.DateTimeFormat(lang === 'it' ? 'it-IT' : 'en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${match[1]}T12:00:00Z`));
  return lang === 'it' ? ` di ${day} alle ${match[2]}` : ` on ${day} at ${match[2]}`;
}

const en: Texts = {
  ACTIVITY_INVITE: (v) => `${v.actor} invited you to ${v.target}`,
  ACTIVITY_EDIT: (v) =>
    v.reason === 'TIME'
      ? `${v.target} has a new time: check when it starts`
      : v.reason === 'END'
        ? `${v.target} now ends at a different time: check when it finishes`
        : v.reason === 'PLACE'
          ? `${v.target} has a new start point: check where to meet`
          : v.reason === 'TIME_PLACE'
            ? `${v.target} has a new time and start point: check the new details`
            : v.reason === 'END_PLACE'
              ? `${v.target} has a new start point and end time: check the new details`
              : v.reason === 'RULE'
                ? `${v.target} now repeats differently: check your next dates`
                : `${v.target} has changed: check the new details`,
  ACTIVITY_ACCEPT: (v) => `Your request for ${v.target} was accepted`,
  ACTIVITY_REJECT: (v) => `Your request for ${v.target} was declined: ${v.reason}`,
  ACTIVITY_REQUEST: (v) => `${v.actor} asks to join ${v.target}`,
  NEW_CONTACT: (v) => `${v.actor} accepted your contact request`,
  CONTACT_REQUEST: (v) => `${v.actor} wants to add you as a contact`,
  GROUP_INVITE: (v) => `${v.actor} invited you to the group ${v.target}`,
  GROUP_ACCEPT: (v) => `Your request for the group ${v.target} was accepted`,
  GROUP_REJECT: (v) => `Your request for the group ${v.target} was declined: ${v.reason}`,
  GROUP_REQUEST: (v) => `${v.actor} asks to join the group ${v.target}`,
  SEND_MESSAGE: (v) => (v.reason === 'DIRECT' ? `New messages from ${v.actor}` : `New messages in ${v.target}`),
  GEAR_UNCLAIMED: (v) => `${v.target} starts within 24 h: nobody brings ${count(v.reason)} required item(s) yet`,
  CARPOOL_REQUEST: (v) => `${v.actor} asks for a seat in your car to ${v.target}`,
  CARPOOL_ACCEPTED: (v) => `${v.actor} takes you to ${v.target}: see the pickup point`,
  ACTIVITY_REMINDER: (v) =>
    tomorrow(v.reason)
      ? `${v.target} starts tomorrow at ${tomorrow(v.reason)}`
      : v.reason
        ? `${v.target} starts at ${v.reason}`
        : `${v.target} starts soon`,
  ACTIVITY_SEAT_OFFER: (v) => `A seat is free in ${v.target}: claim it before it passes to the next person`,
  ACTIVITY_LATE_LEAVE: (v) =>
    soon(v.reason)
      ? `${andMoreEn(v)} left ${v.target}, which starts within 24 h`
      : `${andMoreEn(v)} left ${v.target} after the join deadline`,
  ACTIVITY_CANCELLED: (v) => `${v.target}${cancelledDate(v.reason, 'en')} is cancelled`,
  ACTIVITY_WEATHER_ALERT: (v) => {
    const a = alertOf(v.reason);
    const question = a.choices.includes('SWITCH_BACKUP')
      ? 'Keep, move, switch to the backup route or cancel?'
      : 'Keep, move or cancel?';
    return `Weather alert for ${v.target} (starts in ${a.lead} h): ${a.kinds.map((k) => enKinds[k] ?? k).join(', ')} over your limits. ${question}`;
  },
  ACTIVITY_WEATHER_DECISION: (v) => {
    const d = decisionOf(v.reason);
    return d.choice === 'CANCEL'
      ? `${v.target} is cancelled because of the weather`
      : d.choice === 'MOVE'
        ? `${v.target} is moved because of the weather: now on ${d.date} at ${d.time}`
        : d.choice === 'SWITCH_BACKUP'
          ? `${v.target} takes the backup route because of the weather: check the new route`
          : `${v.target} goes ahead as planned despite the forecast`;
  },
  ACTIVITY_NOT_BACK: (v) =>
    v.reason === 'SELF'
      ? `You are not checked in as back from ${v.target}: tap “I'm back”, or your emergency contacts will be e-mailed`
      : `${v.actor} is not back from ${v.target} and the planned return has passed: try to reach them`,
  ACTIVITY_RECAP_READY: (v) => `The recap of ${v.target} is ready: add your photos`,
  ACTIVITY_JOINED: (v) => `${andMoreEn(v)} joined ${v.target}`,
  ACTIVITY_WAITLISTED: (v) => `${andMoreEn(v)} joined the waitlist of ${v.target}`,
  ACTIVITY_SEAT_TAKEN: (v) =>
    more(v.reason) ? `${andMoreEn(v)} took freed seats in ${v.target}` : `${v.actor} took a freed seat in ${v.target}`,
  POLL_ASKED: (v) => `${v.actor} asks which dates suit you: ${v.target}`,
  POLL_REMINDER: (v) => `The poll ${v.target} closes tomorrow: say which dates suit you`,
  POLL_CLOSED: (v) => `Your poll ${v.target} has closed: create the activity on the winning date`,
  GROUP_CONSENT_CHANGED: (v) => `The admins of ${v.target} ask members to accept a new text: read it and accept it`,
};

const it: Texts = {
  ACTIVITY_INVITE: (v) => `${v.actor} ti invita a ${v.target}`,
  ACTIVITY_EDIT: (v) =>
    v.reason === 'TIME'
      ? `${v.target} ha un nuovo orario: guarda quando inizia`
      : v.reason === 'END'
        ? `${v.target} ora finisce a un altro orario: guarda quando termina`
        : v.reason === 'PLACE'
          ? `${v.target} ha un nuovo punto di partenza: guarda dove ci si trova`
          : v.reason === 'TIME_PLACE'
            ? `${v.target} ha un nuovo orario e un nuovo punto di partenza: guarda i nuovi dettagli`
            : v.reason === 'END_PLACE'
              ? `${v.target} ha un nuovo punto di partenza e un nuovo orario di fine: guarda i nuovi dettagli`
              : v.reason === 'RULE'
                ? `${v.target} ora si ripete in modo diverso: guarda le tue prossime date`
                : `${v.target} è cambiata: guarda i nuovi dettagli`,
  ACTIVITY_ACCEPT: (v) => `La tua richiesta per ${v.target} è stata accettata`,
  ACTIVITY_REJECT: (v) => `La tua richiesta per ${v.target} è stata rifiutata: ${v.reason}`,
  ACTIVITY_REQUEST: (v) => `${v.actor} chiede di partecipare a ${v.target}`,
  NEW_CONTACT: (v) => `${v.actor} ha accettato la tua richiesta di contatto`,
  CONTACT_REQUEST: (v) => `${v.actor} vuole aggiungerti ai contatti`,
  GROUP_INVITE: (v) => `${v.actor} ti invita nel gruppo ${v.target}`,
  GROUP_ACCEPT: (v) => `La tua richiesta per il gruppo ${v.target} è stata accettata`,
  GROUP_REJECT: (v) => `La tua richiesta per il gruppo ${v.target} è stata rifiutata: ${v.reason}`,
  GROUP_REQUEST: (v) => `${v.actor} chiede di entrare nel gruppo ${v.target}`,
  SEND_MESSAGE: (v) => (v.reason === 'DIRECT' ? `Nuovi messaggi da ${v.actor}` : `Nuovi messaggi in ${v.target}`),
  GEAR_UNCLAIMED: (v) =>
    `${v.target} inizia entro 24 ore: ancora nessuno porta ${count(v.reason)} attrezzature obbligatorie`,
  CARPOOL_REQUEST: (v) => `${v.actor} chiede un posto nella tua auto per ${v.target}`,
  CARPOOL_ACCEPTED: (v) => `${v.actor} ti porta a ${v.target}: guarda il punto di ritrovo`,
  ACTIVITY_REMINDER: (v) =>
    tomorrow(v.reason)
      ? `${v.target} inizia domani alle ${tomorrow(v.reason)}`
      : v.reason
        ? `${v.target} inizia alle ${v.reason}`
        : `${v.target} inizia a breve`,
  ACTIVITY_SEAT_OFFER: (v) => `Si è liberato un posto in ${v.target}: prendilo prima che passi alla persona successiva`,
  ACTIVITY_LATE_LEAVE: (v) => {
    const who = more(v.reason) ? `${andMoreIt(v)} hanno lasciato` : `${v.actor} ha lasciato`;
    return soon(v.reason)
      ? `${who} ${v.target}, che inizia entro 24 ore`
      : `${who} ${v.target} dopo la scadenza delle adesioni`;
  },
  ACTIVITY_CANCELLED: (v) => `${v.target}${cancelledDate(v.reason, 'it')} è annullata`,
  ACTIVITY_WEATHER_ALERT: (v) => {
    const a = alertOf(v.reason);
    const question = a.choices.includes('SWITCH_BACKUP')
      ? 'Confermi, sposti, passi al percorso di riserva o annulli?'
      : 'Confermi, sposti o annulli?';
    return `Allerta meteo per ${v.target} (inizia tra ${a.lead} ore): ${a.kinds.map((k) => itKinds[k] ?? k).join(', ')} oltre i tuoi limiti. ${question}`;
  },
  ACTIVITY_WEATHER_DECISION: (v) => {
    const d = decisionOf(v.reason);
    return d.choice === 'CANCEL'
      ? `${v.target} è annullata per il meteo`
      : d.choice === 'MOVE'
        ? `${v.target} è spostata per il meteo: ora il ${italianDate(d.date)} alle ${d.time}`
        : d.choice === 'SWITCH_BACKUP'
          ? `${v.target} passa al percorso di riserva per il meteo: guarda il nuovo percorso`
          : `${v.target} si fa come previsto, nonostante le previsioni`;
  },
  ACTIVITY_NOT_BACK: (v) =>
    v.reason === 'SELF'
      ? `Non hai confermato il rientro da ${v.target}: tocca “Confermo il rientro”, altrimenti i tuoi contatti di emergenza riceveranno un'e-mail`
      : `${v.actor} non ha segnalato il rientro da ${v.target} e l'orario di rientro è passato: prova a metterti in contatto`,
  ACTIVITY_RECAP_READY: (v) => `Il riepilogo di ${v.target} è pronto: aggiungi le tue foto`,
  ACTIVITY_JOINED: (v) =>
    more(v.reason) ? `${andMoreIt(v)} partecipano a ${v.target}` : `${v.actor} partecipa a ${v.target}`,
  ACTIVITY_WAITLISTED: (v) =>
    more(v.reason)
      ? `${andMoreIt(v)} sono in lista d'attesa per ${v.target}`
      : `${v.actor} è in lista d'attesa per ${v.target}`,
  ACTIVITY_SEAT_TAKEN: (v) =>
    more(v.reason)
      ? `${andMoreIt(v)} hanno preso posti liberati in ${v.target}`
      : `${v.actor} ha preso un posto liberato in ${v.target}`,
  POLL_ASKED: (v) => `${v.actor} chiede quali date ti vanno bene: ${v.target}`,
  POLL_REMINDER: (v) => `Il sondaggio ${v.target} si chiude domani: di' quali date ti vanno bene`,
  POLL_CLOSED: (v) => `Il tuo sondaggio ${v.target} si è chiuso: crea l'attività nella data vincente`,
  GROUP_CONSENT_CHANGED: (v) =>
    `Gli amministratori di ${v.target} chiedono ai membri di accettare un nuovo testo: leggilo e accettalo`,
};

const fallbacks = {
  en: { actor: 'Someone', target: 'an activity', reason: '' },
  it: { actor: 'Qualcuno', target: "un'attività", reason: '' },
};

/** The push text of a notification, in the recipient's language (English when unknown). */
export function pushText(
  language: string,
  type: NotificationType,
  vars: { actor?: string | null; target?: string | null; reason?: string | null },
) {
  const lang: Language = language === 'it' ? 'it' : 'en';
  const fallback = fallbacks[lang];
  const body = (lang === 'it' ? it : en)[type]({
    actor: vars.actor || fallback.actor,
    target: vars.target || fallback.target,
    reason: vars.reason || fallback.reason,
  });
  return { title: 'Cordata', body };
}

const actionTitles: Record<Language, Record<WeatherChoice, string>> = {
  en: { KEEP: 'Keep', MOVE: 'Move', SWITCH_BACKUP: 'Backup route', CANCEL: 'Cancel' },
  it: { KEEP: 'Confermo', MOVE: 'Sposto', SWITCH_BACKUP: 'Percorso di riserva', CANCEL: 'Annullo' },
};

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
  const titles = actionTitles[language === 'it' ? 'it' : 'en'];
  const { choices } = alertOf(reason ?? '');
  return WEATHER_PUSH_ORDER.filter((action) => choices.includes(action)).map(
    (action): PushAction => ({ action, title: titles[action], path: notificationActionPath(path, action) }),
  );
}
