import { useTranslation } from 'react-i18next';
import { formatGain, UNKNOWN } from './format.ts';

/** Metres of climb or descent; "—" when unknown, which a screen reader hears as "unknown" rather than a dash. */
export function Climb({ metres }: { metres: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (metres === null || metres === undefined || !Number.isFinite(metres)) {
    return (
      <>
        <span aria-hidden="true">{UNKNOWN}</span>
        <span className="visually-hidden">{t('activity.view.unknownGain')}</span>
      </>
    );
  }
  return <>{formatGain(metres, i18n.language)}</>;
}
