import { INTL_LOCALES, type Language } from '@cordata/contract';
import { safetyText } from '../../i18n/safety.ts';
import type { MailContent } from '../mail/templates.ts';

/** A time as the people of the activity read it: in the activity's time zone, in the reader's language. */
export function localTime(at: Date, timeZone: string, language: Language) {
  return new Intl.DateTimeFormat(INTL_LOCALES[language] ?? INTL_LOCALES.en, {
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

/**
 * The e-mail to one emergency contact of a person not back, in the person's language. It does not greet the contact by
 * the name the person typed: the text of these mails is ours but for the person's and the activity's names (M-N2).
 */
export function escalationMail(input: {
  language: Language;
  person: string;
  activity: string;
  plannedReturn: string;
  link: string;
  validUntil: string;
}): MailContent {
  const t = (key: string) => safetyText(input.language, key);
  const intro = safetyText(input.language, 'mailIntro', {
    person: input.person,
    activity: input.activity,
    planned: input.plannedReturn,
  });
  const valid = safetyText(input.language, 'mailValid', { until: input.validUntil });
  const subject = safetyText(input.language, 'subject', { person: input.person, activity: input.activity });
  const text = [t('greeting'), intro, `${t('mailLink')}\n${input.link}`, valid, t('mailAdvice'), 'Cordata'].join(
    '\n\n',
  );
  const e = escapeHtml;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:auto;padding:24px">
<p>${e(t('greeting'))}</p>
<p>${e(intro)}</p>
<p>${e(t('mailLink'))}</p>
<p><a href="${e(input.link)}" style="display:inline-block;background:#b3261e;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:600">${e(t('lastPosition'))}</a></p>
<p style="word-break:break-all;color:#6e6e73">${e(input.link)}</p>
<p>${e(valid)}</p>
<p>${e(t('mailAdvice'))}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * The one mail an address gets before any escalation may go to it (security review M-N2): all of it is ours, nothing
 * the person typed (not their name, not the contact's name, not an activity), so the address can be sent nothing of
 * anyone's choosing without having agreed.
 */
export function contactConfirmationMail(input: { language: Language; link: string }): MailContent {
  const t = (key: string) => safetyText(input.language, key);
  const text = [t('greeting'), t('confirmIntro'), t('confirmAction'), input.link, t('confirmValid'), 'Cordata'].join(
    '\n\n',
  );
  const e = escapeHtml;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:auto;padding:24px">
<p>${e(t('greeting'))}</p>
<p>${e(t('confirmIntro'))}</p>
<p>${e(t('confirmAction'))}</p>
<p><a href="${e(input.link)}" style="display:inline-block;background:#1e7b34;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:600">${e(t('confirmButton'))}</a></p>
<p style="word-break:break-all;color:#6e6e73">${e(input.link)}</p>
<p>${e(t('confirmValid'))}</p>
<p style="color:#6e6e73">Cordata</p>
</body></html>`;
  return { subject: t('confirmSubject'), text, html };
}
