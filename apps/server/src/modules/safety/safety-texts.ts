import type { MailContent, MailLanguage } from '../mail/templates.ts';

/** A time as the people of the activity read it: in the activity's time zone, in the reader's language. */
export function localTime(at: Date, timeZone: string, language: MailLanguage) {
  return new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The texts of the escalation e-mail and of the no-login page, in both languages. */
export const safetyCopy = {
  en: {
    subject: (person: string, activity: string) => `${person} is not back from ${activity}`,
    greeting: 'Hello,',
    mailIntro: (person: string, activity: string, planned: string) =>
      `${person} named you as an emergency contact in Cordata. They planned to be back from “${activity}” by ${planned} and have not checked in since.`,
    mailLink:
      'This page shows their last known position, the planned route, and the organiser’s first name and the contact they gave for the activity:',
    mailValid: (until: string) => `The link works without an account until ${until}.`,
    mailAdvice:
      'Try to reach them and the organiser first. If you cannot and you are worried, call the emergency number 112 and give them what the page shows.',
    pageTitle: (person: string) => `${person} is not back yet`,
    pageIntro: (person: string, activity: string, planned: string) =>
      `${person} planned to be back from “${activity}” by ${planned} and has not checked in.`,
    backTitle: (person: string) => `${person} is back`,
    backIntro: (person: string, at: string) => `${person} checked in as back at ${at}. Nothing more is shown.`,
    lastPosition: 'Last known position',
    noPosition: 'They did not share their position during this activity.',
    fixedAt: (at: string) => `Fixed at ${at}`,
    openMap: 'Open on a map',
    route: 'Planned route',
    start: 'Meeting point',
    activityHeading: 'The activity',
    organiser: 'Organised by',
    activityContact: 'Contact given for the activity',
    emergency: 'In an emergency call 112 (Europe).',
    expires: (until: string) => `This page stops working at ${until}.`,
    gone: 'This link has expired or does not exist.',
    busy: 'Too many attempts: wait a few minutes and try again.',
    confirmSubject: 'Confirm that you are an emergency contact on Cordata',
    confirmIntro:
      'Someone who uses Cordata, an app for outdoor sports, gave this address as their emergency contact. If they do not check in after an outing, we would write to you here with their last known position.',
    confirmAction:
      'If you agree, confirm with the link below. If you do not know what this is about, ignore this mail: nothing will be sent to you.',
    confirmButton: 'I agree to be an emergency contact',
    confirmValid: 'The link works for 7 days.',
    confirmPageTitle: 'Emergency contact',
    confirmedTitle: 'Thank you: you are now an emergency contact',
    confirmedBody:
      'If the person who named you does not check in after an outing, we will write to you at this address.',
  },
  it: {
    subject: (person: string, activity: string) => `${person} non ha ancora segnalato il rientro da ${activity}`,
    greeting: 'Ciao,',
    mailIntro: (person: string, activity: string, planned: string) =>
      `${person} ti ha indicato come contatto di emergenza su Cordata. Il rientro da “${activity}” era previsto per ${planned} e da allora non ha confermato di essere tornato.`,
    mailLink:
      'Questa pagina mostra l’ultima posizione nota, il percorso previsto, il nome dell’organizzatore e il contatto che ha indicato per l’attività:',
    mailValid: (until: string) => `Il link funziona senza account fino a ${until}.`,
    mailAdvice:
      'Prova prima a contattare la persona e l’organizzatore. Se non ci riesci e sei preoccupato, chiama il numero di emergenza 112 e riferisci ciò che mostra la pagina.',
    pageTitle: (person: string) => `${person} non ha ancora segnalato il rientro`,
    pageIntro: (person: string, activity: string, planned: string) =>
      `Il rientro di ${person} da “${activity}” era previsto per ${planned} e non è stato confermato.`,
    backTitle: (person: string) => `${person} ha segnalato il rientro`,
    backIntro: (person: string, at: string) =>
      `${person} ha confermato il rientro alle ${at}. Non viene mostrato altro.`,
    lastPosition: 'Ultima posizione nota',
    noPosition: 'Durante questa attività non ha condiviso la posizione.',
    fixedAt: (at: string) => `Rilevata ${at}`,
    openMap: 'Apri sulla mappa',
    route: 'Percorso previsto',
    start: 'Punto di ritrovo',
    activityHeading: 'L’attività',
    organiser: 'Organizzata da',
    activityContact: 'Contatto indicato per l’attività',
    emergency: 'In caso di emergenza chiama il 112.',
    expires: (until: string) => `Questa pagina smette di funzionare ${until}.`,
    gone: 'Questo link è scaduto o non esiste.',
    busy: 'Troppi tentativi: attendi qualche minuto e riprova.',
    confirmSubject: 'Conferma di essere un contatto di emergenza su Cordata',
    confirmIntro:
      'Una persona che usa Cordata, un’app per gli sport all’aperto, ha indicato questo indirizzo come suo contatto di emergenza. Se dopo un’uscita non segnalasse il rientro, ti scriveremmo qui con la sua ultima posizione nota.',
    confirmAction:
      'Se sei d’accordo, conferma con il link qui sotto. Se non sai di cosa si tratta, ignora questa e-mail: non ti verrà inviato nulla.',
    confirmButton: 'Accetto di essere un contatto di emergenza',
    confirmValid: 'Il link funziona per 7 giorni.',
    confirmPageTitle: 'Contatto di emergenza',
    confirmedTitle: 'Grazie: ora sei un contatto di emergenza',
    confirmedBody:
      'Se la persona che ti ha indicato non segnala il rientro dopo un’uscita, ti scriveremo a questo indirizzo.',
  },
} as const;

/**
 * The e-mail to one emergency contact of a person not back, in the person's language. It does not greet the contact by
 * the name the person typed: the text of these mails is ours but for the person's and the activity's names (M-N2).
 */
export function escalationMail(input: {
  language: MailLanguage;
  person: string;
  activity: string;
  plannedReturn: string;
  link: string;
  validUntil: string;
}): MailContent {
  const t = safetyCopy[input.language] ?? safetyCopy.en;
  const intro = t.mailIntro(input.person, input.activity, input.plannedReturn);
  const text = [
    t.greeting,
    intro,
    `${t.mailLink}\n${input.link}`,
    t.mailValid(input.validUntil),
    t.mailAdvice,
    'Cordata',
  ].join('\n\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:auto;padding:24px">
<p>${e(t.greeting)}</p>
<p>${e(intro)}</p>
<p>${e(t.mailLink)}</p>
<p><a href="${e(input.link)}" style="display:inline-block;background:#b3261e;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:600">${e(t.lastPosition)}</a></p>
<p style="word-break:break-all;color:#6e6e73">${e(input.link)}</p>
<p>${e(t.mailValid(input.validUntil))}</p>
<p>${e(t.mailAdvice)}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject: t.subject(input.person, input.activity), text, html };
}

/**
 * The one mail an address gets before any escalation may go to it (security review M-N2): all of it is ours, nothing
 * the person typed (not their name, not the contact's name, not an activity), so the address can be sent nothing of
 * anyone's choosing without having agreed.
 */
export function contactConfirmationMail(input: { language: MailLanguage; link: string }): MailContent {
  const t = safetyCopy[input.language] ?? safetyCopy.en;
  const text = [t.greeting, t.confirmIntro, t.confirmAction, input.link, t.confirmValid, 'Cordata'].join('\n\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:auto;padding:24px">
<p>${e(t.greeting)}</p>
<p>${e(t.confirmIntro)}</p>
<p>${e(t.confirmAction)}</p>
<p><a href="${e(input.link)}" style="display:inline-block;background:#1e7b34;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:600">${e(t.confirmButton)}</a></p>
<p style="word-break:break-all;color:#6e6e73">${e(input.link)}</p>
<p>${e(t.confirmValid)}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject: t.confirmSubject, text, html };
}
