import { OTP_TTL_MINUTES } from '@cordata/contract';

export type MailLanguage = 'en' | 'it';
export type CodePurpose = 'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const copy = {
  en: {
    CONFIRM_EMAIL: {
      subject: 'Confirm your e-mail address',
      intro: 'Welcome to Cordata! Enter this code in the app to confirm your e-mail address:',
    },
    RESET_PASSWORD: {
      subject: 'Reset your password',
      intro: 'Enter this code in the app to choose a new password:',
    },
    SIGN_IN: {
      subject: 'Your sign-in code',
      intro:
        'Many wrong passwords have been tried on your account, so signing in needs this code as well as your password. If it was not you, your account is safe; consider choosing a longer password.',
    },
    validity: `The code is valid for ${OTP_TTL_MINUTES} minutes.`,
    ignore: 'If you did not ask for it, you can ignore this message.',
  },
  it: {
    CONFIRM_EMAIL: {
      subject: 'Conferma il tuo indirizzo e-mail',
      intro: "Benvenuto in Cordata! Inserisci questo codice nell'app per confermare il tuo indirizzo e-mail:",
    },
    RESET_PASSWORD: {
      subject: 'Reimposta la password',
      intro: "Inserisci questo codice nell'app per scegliere una nuova password:",
    },
    SIGN_IN: {
      subject: 'Il tuo codice di accesso',
      intro:
        'Sul tuo account sono state provate molte password sbagliate, quindi per accedere serve questo codice oltre alla password. Se non eri tu, il tuo account è al sicuro; valuta di scegliere una password più lunga.',
    },
    validity: `Il codice è valido per ${OTP_TTL_MINUTES} minuti.`,
    ignore: 'Se non lo hai richiesto, puoi ignorare questo messaggio.',
  },
} as const;

const secondFactorAlert = {
  en: {
    subject: 'Wrong sign-in codes on your Cordata account',
    text: 'Several wrong codes from your authenticator app were just entered on your account, to open the administration. Your password is known to whoever entered them, unless it was you: if it was not, change your password now. Each session that enters too many wrong codes is locked; your own sessions are not.',
  },
  it: {
    subject: 'Codici di accesso sbagliati sul tuo account Cordata',
    text: "Sul tuo account sono stati appena inseriti diversi codici sbagliati dell'app di autenticazione, per aprire l'amministrazione. Chi li ha inseriti conosce la tua password, a meno che non fossi tu: se non eri tu, cambia subito la password. Ogni sessione che inserisce troppi codici sbagliati viene bloccata; le tue sessioni no.",
  },
} as const;

/** The mail to an admin or moderator after wrong second-factor codes (review L-N6): one per burst. */
export function secondFactorAlertMail(language: MailLanguage): MailContent {
  const { subject, text } = secondFactorAlert[language] ?? secondFactorAlert.en;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:480px;margin:auto;padding:24px">
<p>${text}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject, text: `${text}\n\nCordata`, html };
}

/** The mail that carries a one-time code, in the user's language. The code is never in the subject. */
export function codeMail(purpose: CodePurpose, code: string, language: MailLanguage): MailContent {
  const t = copy[language] ?? copy.en;
  const { subject, intro } = t[purpose];
  const text = `${intro}\n\n${code}\n\n${t.validity}\n${t.ignore}\n\nCordata`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:480px;margin:auto;padding:24px">
<p>${intro}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0">${code}</p>
<p>${t.validity}<br>${t.ignore}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject, text, html };
}
