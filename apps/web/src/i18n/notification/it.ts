import type { notification as en } from './en.ts';

/** Le stringhe delle notifiche (elenco, testi per tipo, push), in italiano. */
export const notification: typeof en = {
  markAllRead: 'Segna tutte come lette',
  empty: 'Ancora nessuna notifica. Inviti, richieste e messaggi appariranno qui.',
  loadError: 'Non è stato possibile caricare le notifiche.',
  loadingMore: 'Caricamento…',
  unread: 'Da leggere',
  someone: 'Qualcuno',
  anActivity: "un'attività",
  aGroup: 'un gruppo',
  aChat: 'una chat',
  reason: 'Motivo: {{reason}}',
  types: {
    ACTIVITY_INVITE: '<b>{{actor}}</b> ti invita a <b>{{target}}</b>',
    ACTIVITY_EDIT: '<b>{{target}}</b> è cambiata: guarda i nuovi dettagli',
    ACTIVITY_ACCEPT: 'La tua richiesta per <b>{{target}}</b> è stata accettata',
    ACTIVITY_REJECT: 'La tua richiesta per <b>{{target}}</b> è stata rifiutata',
    ACTIVITY_REQUEST: '<b>{{actor}}</b> chiede di partecipare a <b>{{target}}</b>',
    NEW_CONTACT: '<b>{{actor}}</b> ha accettato la tua richiesta di contatto',
    CONTACT_REQUEST: '<b>{{actor}}</b> vuole aggiungerti ai contatti',
    GROUP_INVITE: '<b>{{actor}}</b> ti invita nel gruppo <b>{{target}}</b>',
    GROUP_ACCEPT: 'La tua richiesta per il gruppo <b>{{target}}</b> è stata accettata',
    GROUP_REJECT: 'La tua richiesta per il gruppo <b>{{target}}</b> è stata rifiutata',
    GROUP_REQUEST: '<b>{{actor}}</b> chiede di entrare nel gruppo <b>{{target}}</b>',
    CARPOOL_REQUEST: '<b>{{actor}}</b> chiede un posto nella tua auto per <b>{{target}}</b>',
    CARPOOL_ACCEPTED: '<b>{{actor}}</b> ti porta a <b>{{target}}</b>: guarda il punto di ritrovo',
    GEAR_UNCLAIMED: '<b>{{target}}</b> inizia entro 24 ore e nessuno porta ancora alcune attrezzature obbligatorie',
    SEND_MESSAGE: 'Nuovi messaggi in <b>{{target}}</b>',
    ACTIVITY_REMINDER: '<b>{{target}}</b> inizia alle {{time}}',
  },
  reminderSoon: '<b>{{target}}</b> inizia a breve',
  edits: {
    TIME: '<b>{{target}}</b> ha un nuovo orario: guarda quando inizia',
    PLACE: '<b>{{target}}</b> ha un nuovo punto di partenza: guarda dove ci si trova',
    TIME_PLACE: '<b>{{target}}</b> ha un nuovo orario e un nuovo punto di partenza: guarda i nuovi dettagli',
  },
};
