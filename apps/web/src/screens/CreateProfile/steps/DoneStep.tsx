import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { continueTo } from '../../../routing/deep-link.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { ownProfileQueryKey } from '../../../state/queries/profile.ts';

/** Step 6: done; on to where the person was going (or home). */
export function DoneStep({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="auth-form">
      <div className="wizard-hero" aria-hidden="true">
        <svg className="wizard-done-mark" viewBox="0 0 48 48" width="88" height="88" role="presentation">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 25l7 7 13-15" />
        </svg>
      </div>
      <h2>{t('auth.profile.done.title')}</h2>
      <p className="auth-intro">{t('auth.profile.done.text', { name })}</p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="profile-done"
        onClick={() => {
          void queryClient.invalidateQueries({ queryKey: ownProfileQueryKey });
          useAuthStore.getState().setCompleted(true);
          navigate(continueTo('/home'), { replace: true });
        }}
      >
        {t('auth.profile.done.go')}
      </button>
    </div>
  );
}
