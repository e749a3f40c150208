import { useTranslation } from 'react-i18next';

/** The wizard's buttons: the submit (next) and, except on the first step, back. */
export function StepActions({
  onBack,
  nextLabel,
  busy,
  testId = 'profile-next',
}: {
  onBack?: () => void;
  nextLabel: string;
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="wizard-actions">
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid={testId}>
        {nextLabel}
      </button>
      {onBack && (
        <button type="button" className="btn btn-ghost btn-block" data-testid="profile-back" onClick={onBack}>
          {t('auth.profile.back')}
        </button>
      )}
    </div>
  );
}
