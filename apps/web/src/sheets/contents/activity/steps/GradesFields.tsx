import { useTranslation } from 'react-i18next';
import { gradeScalesOfSport, hazardsOfSport, SCALE_GRADES } from '../../../../contract.ts';
import { useDraftStore } from '../draft.ts';
import { WizardField } from './WizardStep.tsx';

/**
 * The standard grades and hazards of the difficulty step (issue 24): only the scales and hazards of the chosen sport
 * (gradeScalesOfSport, hazardsOfSport, the server's rule too). All optional: "Not graded" is the default.
 */
export function GradesFields() {
  const { t, i18n } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const update = useDraftStore((s) => s.update);
  const scales = gradeScalesOfSport(draft.sportId);
  const hazards = hazardsOfSport(draft.sportId);
  const label = (scale: (typeof scales)[number], grade: string) => {
    const key = `activity.grade.name.${scale}.${grade}`;
    return i18n.exists(key) ? `${grade} · ${t(key)}` : grade;
  };
  return (
    <>
      {scales.length > 0 && (
        <fieldset className="choice" data-testid="wizard-grades">
          <legend>{t('activity.grade.title')}</legend>
          <p className="muted">{t('activity.grade.hint')}</p>
          {scales.map((scale) => (
            <WizardField key={scale} label={t(`activity.grade.scale.${scale}`)}>
              {(control) => (
                <select
                  {...control}
                  data-testid={`wizard-grade-${scale}`}
                  value={draft.grades[scale] ?? ''}
                  onChange={(e) => {
                    const { [scale]: _old, ...rest } = draft.grades;
                    update({ grades: e.target.value ? { ...rest, [scale]: e.target.value } : rest });
                  }}
                >
                  <option value="">{t('activity.grade.none')}</option>
                  {SCALE_GRADES[scale].map((grade) => (
                    <option key={grade} value={grade}>
                      {label(scale, grade)}
                    </option>
                  ))}
                </select>
              )}
            </WizardField>
          ))}
        </fieldset>
      )}
      <fieldset className="choice" data-testid="wizard-hazards">
        <legend>{t('activity.grade.hazardsTitle')}</legend>
        <p className="muted">{t('activity.grade.hazardsHint')}</p>
        {hazards.map((hazard) => (
          <label key={hazard} className="choice-check" data-testid={`wizard-hazard-${hazard}`}>
            <input
              type="checkbox"
              checked={draft.hazards.includes(hazard)}
              onChange={(e) =>
                update({
                  hazards: e.target.checked ? [...draft.hazards, hazard] : draft.hazards.filter((h) => h !== hazard),
                })
              }
            />
            <span>{t(`activity.grade.hazard.${hazard}`)}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
