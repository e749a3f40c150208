import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/Logo.tsx';
import { StepActions } from './StepActions.tsx';

/** Step 1: what the profile is for. */
export function IntroStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <form
      className="auth-form"
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <div className="wizard-hero" aria-hidden="true">
        <Logo size={88} />
      </div>
      <h2>{t('auth.profile.intro.title')}</h2>
      <p className="auth-intro">{t('auth.profile.intro.text')}</p>
      <StepActions nextLabel={t('auth.profile.intro.start')} />
    </form>
  );
}
