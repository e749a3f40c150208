import { type Language, OTP_TTL_MINUTES } from '@cordata/contract';
import { mailText } from '../../i18n/mail.ts';

export type CodePurpose = 'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The mail to an admin or moderator after wrong second-factor codes (review L-N6): one per burst. */
export function secondFactorAlertMail(language: Language): MailContent {
  const subject = mailText(language, 'secondFactorAlert.subject');
  const text = mailText(language, 'secondFactorAlert.text');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:480px;margin:auto;padding:24px">
<p>${text}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject, text: `${text}\n\nCordata`, html };
}

/** The mail that carries a one-time code, in the user's language. The code is never in the subject. */
export function codeMail(purpose: CodePurpose, code: string, language: Language): MailContent {
  const subject = mailText(language, `code.${purpose}.subject`);
  const intro = mailText(language, `code.${purpose}.intro`);
  const validity = mailText(language, 'code.validity', { count: OTP_TTL_MINUTES });
  const ignore = mailText(language, 'code.ignore');
  const text = `${intro}\n\n${code}\n\n${validity}\n${ignore}\n\nCordata`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:480px;margin:auto;padding:24px">
<p>${intro}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0">${code}</p>
<p>${validity}<br>${ignore}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject, text, html };
}
