import { describe, expect, it } from 'vitest';
import { codeMail, secondFactorAlertMail } from './templates.ts';

describe('the account e-mails', () => {
  it('keep the English and Italian texts', () => {
    expect(codeMail('RESET_PASSWORD', '123456', 'en').text).toBe(
      'Enter this code in the app to choose a new password:\n\n123456\n\nThe code is valid for 10 minutes.\nIf you did not ask for it, you can ignore this message.\n\nCordata',
    );
    expect(codeMail('SIGN_IN', '123456', 'it').subject).toBe('Il tuo codice di accesso');
    expect(codeMail('CONFIRM_EMAIL', '123456', 'it').html).toContain('Il codice è valido per 10 minuti.<br>');
  });

  it.each([
    ['de', 'Bestätige deine E-Mail-Adresse', 'Der Code ist 10 Minuten gültig.'],
    ['fr', 'Confirme ton adresse e-mail', 'Le code est valable 10 minutes.'],
    ['es', 'Confirma tu dirección de correo electrónico', 'El código es válido durante 10 minutos.'],
  ] as const)('speak %s, with the code’s validity filled in', (language, subject, validity) => {
    const mail = codeMail('CONFIRM_EMAIL', '123456', language);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(`\n\n123456\n\n${validity}\n`);
    expect(mail.html).toContain(`<html lang="${language}">`);
    for (const text of [mail.text, mail.html, secondFactorAlertMail(language).text]) expect(text).not.toMatch(/[{}]/);
  });
});
