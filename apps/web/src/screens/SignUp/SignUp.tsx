import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { errorText } from '../../components/feedback.ts';
import { FormError, PasswordField, TextField } from '../../components/forms/Field.tsx';
import { rememberPendingEmail } from '../../components/forms/session.ts';
import { emailProblem, newPasswordProblem, problemsOf, repeatProblem } from '../../components/forms/validation.ts';
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
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [accepted, setAccepted] = useState<Record<LegalType, boolean>>({ terms: false, privacy: false });
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const problems = problemsOf({
    email: emailProblem(email),
    password: newPasswordProblem(password, email),
    repeat: repeatProblem(password, repeat),
    legal: accepted.terms && accepted.privacy ? null : 'termsRequired',
  });

  // Acceptance goes through the text itself: the box opens the sheet, whose Accept ticks it.
  const toggle = (type: LegalType) => {
    if (accepted[type]) setAccepted((a) => ({ ...a, [type]: false }));
    else
      openSheet({ type: 'legal-info', params: { type, onAccept: () => setAccepted((a) => ({ ...a, [type]: true })) } });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const address = email.trim().toLowerCase();
      await api('auth/email/sign-up', {
        email: address,
        password,
        acceptTerms: true,
        acceptPrivacy: true,
        language: isLanguage(i18n.language) ? i18n.language : undefined,
      });
      rememberPendingEmail(address);
      navigate('/confirm-email', { state: { email: address } });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t('screens.signUp')} testId="sign-up-screen" actions={<LanguageSelect />}>
      <form className="auth-form" noValidate onSubmit={submit}>
        <p className="auth-intro">{t('auth.signUp.intro')}</p>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
          problem={problems.email}
          showProblem={sent}
          testId="sign-up-email"
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          problem={problems.password}
          showProblem={sent}
          hint={t('auth.passwordHint')}
          testId="sign-up-password"
        />
        <PasswordField
          label={t('auth.repeatPassword')}
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          problem={problems.repeat}
          showProblem={sent}
          testId="sign-up-repeat"
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
