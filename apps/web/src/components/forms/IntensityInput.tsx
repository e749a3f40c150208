import type { IntensityKind, Sport } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import './forms.css';

/**
 * A level in one of the kinds the sport measures (docs/people.md): the kind, the typed value and its unit. The
 * profile's usual outing per sport and a pace group's declared level (issue 40) are typed in it.
 */
export function IntensityInput({
  sport,
  kind,
  onKind,
  typed,
  onTyped,
  invalid,
  kindTestId,
  valueTestId,
}: {
  sport: Sport;
  kind: IntensityKind;
  onKind: (kind: IntensityKind) => void;
  typed: string;
  onTyped: (typed: string) => void;
  invalid: boolean;
  kindTestId: string;
  valueTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="intensity-inputs">
      <select
        aria-label={t('auth.profile.intensity.kind')}
        value={kind}
        data-testid={kindTestId}
        onChange={(e) => onKind(e.target.value as IntensityKind)}
      >
        {sport.intensityKinds.map((k) => (
          <option key={k} value={k}>
            {t(`auth.profile.intensity.kinds.${k}`)}
          </option>
        ))}
      </select>
      <input
        aria-label={t('auth.profile.intensity.value')}
        inputMode={kind === 'PACE' ? 'text' : 'decimal'}
        placeholder={kind === 'PACE' ? t('auth.profile.intensity.pacePlaceholder') : ''}
        value={typed}
        aria-invalid={invalid ? true : undefined}
        data-testid={valueTestId}
        onChange={(e) => onTyped(e.target.value)}
      />
      <span className="intensity-unit">{t(`auth.profile.intensity.units.${kind}`)}</span>
    </div>
  );
}
