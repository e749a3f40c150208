import type { Consent } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import './consent.css';

/** The text to accept before joining, one tap away on the page (docs/consent.md), for whoever sees it. */
export function ConsentDetails({ consent }: { consent: Consent | null }) {
  const { t } = useTranslation();
  if (!consent) return null;
  return (
    <details className="consent-details" data-testid="consent-details">
      <summary>{t('consent.summary')}</summary>
      <div className="consent-text">{consent.text}</div>
    </details>
  );
}
