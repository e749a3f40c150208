import type { attendance as en } from './en.ts';

/** Presenze (issue 22, docs/attendance.md), in italiano. */
export const attendance: typeof en = {
  sheet: {
    title: 'Presenze',
    opensAt: "Potrai segnare chi è venuto quando l'attività inizia ({{when}}).",
    closesAt: 'Le presenze si possono cambiare fino a {{when}}.',
    closed: 'Le presenze sono chiuse: non si possono più cambiare.',
    empty: 'Nessuno da segnare.',
    left: "Ha lasciato poco prima dell'inizio",
    scan: 'Scansiona il QR di check-in',
    marks: { ATTENDED: 'Presente', NO_SHOW: 'Assente', EXCUSED: 'Giustificato' },
    status: { ATTENDED: 'Presente', NO_SHOW: 'Assente', EXCUSED: 'Giustificato', LATE_CANCEL: 'Ritiro tardivo' },
    markLabel: '{{name}}: {{mark}}',
    marked: '{{name}}: {{mark}}',
    queued:
      'Nessuna rete: la presenza è salvata su questo telefono e sarà inviata, con il suo orario, appena torna la rete',
  },
  scanner: {
    title: 'Scansiona un codice di check-in',
    hint: 'Inquadra il QR sul telefono di chi partecipa.',
    noCamera: 'La fotocamera non è disponibile: digita il codice sotto il QR.',
    code: 'Codice sotto il QR',
    check: 'Registra',
    checkedIn: '{{name}} è presente',
    queued:
      'Nessuna rete: la presenza è salvata su questo telefono e sarà inviata, con il suo orario, appena torna la rete',
    close: 'Chiudi',
  },
  pass: {
    title: 'Il tuo check-in',
    hint: 'Mostra questo QR a chi organizza quando arrivi. Può anche digitare il codice sotto.',
    codeLabel: 'Codice di check-in',
  },
  record: {
    title: 'Le tue presenze',
    attended: 'Presenze: {{attended}} su {{counted}}',
    none: 'Ancora nessuna presenza registrata.',
    noShows_one: '{{count}} assenza',
    noShows_other: '{{count}} assenze',
    lateCancels_one: '{{count}} ritiro tardivo',
    lateCancels_other: '{{count}} ritiri tardivi',
    excused: '{{count}} giustificate',
    reliability: 'Affidabilità {{percent}}% (le tue ultime {{over}})',
    reliabilityUnknown: "L'affidabilità compare dopo 3 attività segnate.",
    private: "La vedi solo tu. Chi organizza un'attività chiusa la vede finché la tua richiesta è in attesa.",
    ofRequester: 'Presenze',
    requesterNone: 'Ancora nessuna presenza registrata',
  },
  rules: {
    hoursInvalid: 'Inserisci ore intere da 0 a {{max}}',
    percentInvalid: 'Inserisci una percentuale intera da 1 a 100, o lascia vuoto',
    title: 'Regole delle presenze',
    lateCancelHours: "Ritiro tardivo: lasciare entro queste ore prima dell'inizio",
    autoApprove: 'Accetta subito le richieste di chi ha almeno questa affidabilità (%)',
    autoApproveOff: 'Lascia vuoto per decidere tu ogni richiesta.',
    save: 'Salva le regole',
    saved: 'Regole delle presenze salvate',
    summary: "Lasciare {{hours}} h o meno prima dell'inizio conta come ritiro tardivo.",
    summaryAuto: "Le richieste di chi ha un'affidabilità di almeno {{percent}}% sono accettate subito.",
  },
};
