import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, isApiError } from '../../api/client.ts';
import { errorText } from '../../components/feedback.ts';
import { CodeInput } from '../../components/forms/CodeInput.tsx';
import { EmailField, FormError } from '../../components/forms/Field.tsx';
import { useCountdown } from '../../components/forms/useCountdown.ts';
import { codeProblem, emailProblem } from '../../components/forms/validation.ts';
import { Screen } from '../../components/Screen.tsx';
import { OTP_RESEND_SECONDS } from '../../contract.ts';

/** Forgotten password: the address, then the mailed code, then /change-password with a reset token. */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { left, restart } = useCountdown(0);
  const address = email.trim().toLowerCase();

  const sendCode = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await api('auth/email/send-reset-password-otp', { email: address });
      setStep('code');
      setCode('');
      setCodeError(null);
      restart(OTP_RESEND_SECONDS);
    } catch (error) {
      setFailure(errorText(error));
      if (isApiError(error) && error.code === 'RATE_LIMITED') restart(OTP_RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (value: string) => {
    setFailure(null);
    const problem = codeProblem(value);
    if (problem) return setCodeError(t(`validation.${problem}`));
    setCodeError(null);
    setBusy(true);
    try {
      const { resetToken } = await api('auth/email/verify-password-otp', { email: address, code: value });
      navigate('/change-password', { replace: true, state: { resetToken, email: address } });
    } catch (error) {
      if (isApiError(error) && error.code === 'OTP_MISMATCH') setCodeError(t('validation.codeMismatch'));
      else setFailure(errorText(error));
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'code') return void verify(code);
    setSent(true);
    if (!emailProblem(email)) void sendCode();
  };

  return (
    <Screen title={t('screens.forgotPassword')} testId="forgot-password-screen" back>
      <form className="auth-form" noValidate onSubmit={submit} data-testid={`forgot-step-${step}`}>
        {step === 'email' ? (
          <>
            <p className="auth-intro">{t('auth.forgot.intro')}</p>
            <EmailField
              autoComplete="email"
              value={email}
              onChange={setEmail}
              problem={emailProblem(email)}
              showProblem={sent}
              testId="forgot-email"
            />
          </>
        ) : (
          <>
            <p className="auth-intro">{t('auth.forgot.codeIntro', { email: address })}</p>
            <CodeInput
              value={code}
              onChange={setCode}
              onComplete={(c) => void verify(c)}
              problem={codeError}
              disabled={busy}
            />
          </>
        )}
        <FormError text={failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="forgot-submit">
          {step === 'email' ? t('auth.forgot.send') : t('auth.forgot.verify')}
        </button>
        {step === 'code' && (
          <div className="auth-links">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={left > 0 || busy}
              data-testid="forgot-resend"
              onClick={sendCode}
            >
              {left > 0 ? t('auth.confirm.resendIn', { seconds: left }) : t('auth.confirm.resend')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setStep('email')}>
              {t('auth.confirm.wrongAddress')}
            </button>
          </div>
        )}
      </form>
    </Screen>
  );
}
