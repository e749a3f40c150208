import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../feedback.ts';
import { type ConsentSubject, consentAsked, withConsent } from './consent.ts';
import './consent.css';

/**
 * For a member who accepted an older version of the text, or none (docs/consent.md): said at the top of the page,
 * with the way to read and accept the current one.
 */
export function ConsentChanged({
  subject,
  accept,
}: {
  subject: ConsentSubject;
  accept: (consentVersion: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const asked = consentAsked(subject);
  if (!asked) return null;
  const read = () =>
    withConsent(
      subject,
      (version) =>
        void accept(version!).then(
          () => showSuccess(t('consent.accepted')),
          (e) => showError(e),
        ),
      asked,
    );
  return (
    <div className="consent-changed" role="status" data-testid="consent-changed">
      <p>{t(asked === 'changed' ? 'consent.changed' : 'consent.asked')}</p>
      <button type="button" className="btn btn-small btn-primary" data-testid="consent-read" onClick={read}>
        {t('consent.readAgain')}
      </button>
    </div>
  );
}
