import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { EmailField, FormError } from '../../components/forms/Field.tsx';
import { NewPasswordFields, useNewPassword } from '../../components/forms/NewPasswordFields.tsx';
import { rememberPendingEmail, rememberPendingPassword } from '../../components/forms/session.ts';
import { useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { emailProblem, problemsOf } from '../../components/forms/validation.ts';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { Screen } from '../../components/Screen.tsx';
import { isLanguage } from '../../i18n/index.ts';
import { openSheet } from '../../sheets/store.ts';
import type { LegalType } from '../../sheets/types.ts';

/** Sign-up: e-mail, password twice, and the terms and privacy policy accepted through the legal-info sheet. */
export default function SignUp() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword(email);
  const [accepted, setAccepted] = useState<Record<LegalType, boolean>>({ terms: false, privacy: false });

  const problems = problemsOf({
    email: emailProblem(email),
    ...newPassword.problems,
    legal: accepted.terms && accepted.privacy ? null : 'termsRequired',
  });

  // Acceptance goes through the text itself: the box opens the sheet, whose Accept ticks it.
  const toggle = (type: LegalType) => {
    if (accepted[type]) setAccepted((a) => ({ ...a, [type]: false }));
    else
      openSheet({ type: 'legal-info', params: { type, onAccept: () => setAccepted((a) => ({ ...a, [type]: true })) } });
  };

  const { sent, busy, failure, submit } = useFormSubmit(problems, async () => {
    const address = email.trim().toLowerCase();
    await api('auth/email/sign-up', {
      email: address,
      password: newPassword.password,
      acceptTerms: true,
      acceptPrivacy: true,
      language: isLanguage(i18n.language) ? i18n.language : undefined,
    });
    rememberPendingEmail(address);
    rememberPendingPassword(newPassword.password);
    navigate('/confirm-email', { state: { email: address } });
  });

  return (
    <Screen title={t('screens.signUp')} testId="sign-up-screen" actions={<LanguageSelect />}>
      <form className="auth-form" noValidate onSubmit={submit}>
        <p className="auth-intro">{t('auth.signUp.intro')}</p>
        <EmailField
          autoComplete="email"
          value={email}
          onChange={setEmail}
          problem={problems.email}
          showProblem={sent}
          testId="sign-up-email"
        />
        <NewPasswordFields
          value={newPassword}
          label={t('auth.password')}
          showProblem={sent}
          testIds={{ password: 'sign-up-password', repeat: 'sign-up-repeat' }}
        />
        {(['terms', 'privacy'] as const).map((type) => (
          <div className="check-row" key={type}>
            <input
              type="checkbox"
              id={`accept-${type}`}
              data-testid={`accept-${type}`}
              checked={accepted[type]}
              onChange={() => toggle(type)}
            />
            <label htmlFor={`accept-${type}`}>
              {t(type === 'terms' ? 'auth.signUp.acceptTerms' : 'auth.signUp.acceptPrivacy')}{' '}
              <button
                type="button"
                className="legal-link"
                data-testid={`open-${type}`}
                data-accepted={accepted[type]}
                onClick={() => toggle(type)}
              >
                {t(`auth.signUp.${type}`)}
              </button>
            </label>
          </div>
        ))}
        {sent && problems.legal && (
          <p className="field-problem" role="alert" data-testid="sign-up-legal-problem">
            {t(`validation.${problems.legal}`)}
          </p>
        )}
        <FormError text={failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="sign-up-submit">
          {t('auth.signUp.submit')}
        </button>
        <div className="auth-links">
          <Link to="/login" className="btn btn-ghost" data-testid="to-login">
            {t('auth.signUp.haveAccount')}
          </Link>
        </div>
      </form>
    </Screen>
  );
}
