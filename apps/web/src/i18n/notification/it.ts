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
    ACTIVITY_SEAT_OFFER:
      'Si è liberato un posto in <b>{{target}}</b>: prendilo prima che passi alla persona successiva',
    ACTIVITY_LATE_LEAVE: '<b>{{actor}}</b> ha lasciato <b>{{target}}</b> dopo la scadenza delle adesioni',
    ACTIVITY_CANCELLED: '<b>{{target}}</b> di {{when}} è annullata',
    ACTIVITY_WEATHER_ALERT:
      'Allerta meteo per <b>{{target}}</b>: le previsioni superano i tuoi limiti. Confermi, sposti o annulli?',
    ACTIVITY_WEATHER_DECISION: '<b>{{target}}</b> si fa come previsto, nonostante le previsioni',
    ACTIVITY_NOT_BACK:
      '<b>{{actor}}</b> non ha segnalato il rientro da <b>{{target}}</b> e l’orario di rientro è passato',
    ACTIVITY_RECAP_READY: 'Il riepilogo di <b>{{target}}</b> è pronto: aggiungi le tue foto',
    ACTIVITY_JOINED: '<b>{{actor}}</b> partecipa a <b>{{target}}</b>',
    ACTIVITY_WAITLISTED: '<b>{{actor}}</b> è in lista d’attesa per <b>{{target}}</b>',
    ACTIVITY_SEAT_TAKEN: '<b>{{actor}}</b> ha preso un posto liberato in <b>{{target}}</b>',
    POLL_ASKED: '<b>{{actor}}</b> chiede quali date ti vanno bene: <b>{{target}}</b>',
    POLL_REMINDER: 'Il sondaggio <b>{{target}}</b> si chiude domani: di’ quali date ti vanno bene',
    POLL_CLOSED: 'Il tuo sondaggio <b>{{target}}</b> si è chiuso: crea l’attività nella data vincente',
    GROUP_CONSENT_CHANGED:
      'Gli amministratori di <b>{{target}}</b> chiedono ai membri di accettare un nuovo testo: leggilo e accettalo',
  },
  /** ACTIVITY_NOT_BACK about the reader themself (reason SELF). */
  notBackSelf:
    'Non hai confermato il rientro da <b>{{target}}</b>: tocca “Confermo il rientro”, altrimenti i tuoi contatti di emergenza riceveranno un’e-mail',
  /** The language dates in notification texts are written in. */
  lateLeaveSoon: '<b>{{actor}}</b> ha lasciato <b>{{target}}</b>, che inizia entro 24 ore',
  batched: {
    one: {
      ACTIVITY_JOINED: '<b>{{actor}}</b> e un’altra persona partecipano a <b>{{target}}</b>',
      ACTIVITY_WAITLISTED: '<b>{{actor}}</b> e un’altra persona sono in lista d’attesa per <b>{{target}}</b>',
      ACTIVITY_SEAT_TAKEN: '<b>{{actor}}</b> e un’altra persona hanno preso posti liberati in <b>{{target}}</b>',
      ACTIVITY_LATE_LEAVE:
        '<b>{{actor}}</b> e un’altra persona hanno lasciato <b>{{target}}</b> dopo la scadenza delle adesioni',
      ACTIVITY_LATE_LEAVE_SOON:
        '<b>{{actor}}</b> e un’altra persona hanno lasciato <b>{{target}}</b>, che inizia entro 24 ore',
    },
    other: {
      ACTIVITY_JOINED: '<b>{{actor}}</b> e altre {{more}} persone partecipano a <b>{{target}}</b>',
      ACTIVITY_WAITLISTED: '<b>{{actor}}</b> e altre {{more}} persone sono in lista d’attesa per <b>{{target}}</b>',
      ACTIVITY_SEAT_TAKEN: '<b>{{actor}}</b> e altre {{more}} persone hanno preso posti liberati in <b>{{target}}</b>',
      ACTIVITY_LATE_LEAVE:
        '<b>{{actor}}</b> e altre {{more}} persone hanno lasciato <b>{{target}}</b> dopo la scadenza delle adesioni',
      ACTIVITY_LATE_LEAVE_SOON:
        '<b>{{actor}}</b> e altre {{more}} persone hanno lasciato <b>{{target}}</b>, che inizia entro 24 ore',
    },
  },
  dateLanguage: 'it',
  cancelledSoon: '<b>{{target}}</b> è annullata',
  reminderSoon: '<b>{{target}}</b> inizia a breve',
  reminderTomorrow: '<b>{{target}}</b> inizia domani alle {{time}}',
  directMessage: 'Nuovi messaggi da <b>{{actor}}</b>',
  /** ACTIVITY_WEATHER_DECISION by the organiser's choice; {{when}} is the new day and start of a move. */
  /** ACTIVITY_WEATHER_ALERT of an activity with a backup route (its reason offers SWITCH_BACKUP). */
  weatherAlertBackup:
    'Allerta meteo per <b>{{target}}</b>: le previsioni superano i tuoi limiti. Confermi, sposti, passi al percorso di riserva o annulli?',
  weatherDecisions: {
    KEEP: '<b>{{target}}</b> si fa come previsto, nonostante le previsioni',
    MOVE: '<b>{{target}}</b> è spostata per il meteo: ora {{when}}',
    SWITCH_BACKUP: '<b>{{target}}</b> passa al percorso di riserva per il meteo: guarda il nuovo percorso',
    CANCEL: '<b>{{target}}</b> è annullata per il meteo',
  },
  edits: {
    TIME: '<b>{{target}}</b> ha un nuovo orario: guarda quando inizia',
    END: '<b>{{target}}</b> ora finisce a un altro orario: guarda quando termina',
    PLACE: '<b>{{target}}</b> ha un nuovo punto di partenza: guarda dove ci si trova',
    TIME_PLACE: '<b>{{target}}</b> ha un nuovo orario e un nuovo punto di partenza: guarda i nuovi dettagli',
    END_PLACE: '<b>{{target}}</b> ha un nuovo punto di partenza e un nuovo orario di fine: guarda i nuovi dettagli',
    RULE: '<b>{{target}}</b> ora si ripete in modo diverso: guarda le tue prossime date',
  },
};
