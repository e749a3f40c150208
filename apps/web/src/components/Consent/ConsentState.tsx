import type { ConsentGiven } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import './consent.css';

/** For the organisers: whether a person accepted the current text, an older one, or none (docs/consent.md). */
export function ConsentState({ given, version }: { given: ConsentGiven | null; version: number }) {
  const { t, i18n } = useTranslation();
  const state = !given ? 'missing' : given.version < version ? 'outdated' : 'given';
  return (
    <span className={`consent-state consent-${state}`} data-testid="consent-state" data-state={state}>
      {t(`consent.${state}`, { date: given ? formatDateTime(new Date(given.acceptedAt), i18n.language) : '' })}
    </span>
  );
}
