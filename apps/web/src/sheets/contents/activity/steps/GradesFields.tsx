import type { GradeSuggestion } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { OsmAttribution } from '../../../../components/Activity/OsmAttribution.tsx';
import { type GradeScale, gradeScalesOfSport, hazardsOfSport, SCALE_GRADES } from '../../../../contract.ts';
import { useDraftStore } from '../draft.ts';
import { useGradeSuggestion } from '../grade-suggestion.ts';
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
  const suggestion = useGradeSuggestion(draft.route, draft.sportId);
  // Without OVERPASS_URL nothing is suggested and nothing is said.
  const osm = suggestion.data?.status === 'NOT_CONFIGURED' ? null : suggestion.data;
  const suggestedHazards = osm?.hazards ?? [];
  const setGrade = (scale: GradeScale, grade: string) => {
    const { [scale]: _old, ...rest } = draft.grades;
    update({ grades: grade ? { ...rest, [scale]: grade } : rest });
  };
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
                  onChange={(e) => setGrade(scale, e.target.value)}
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
          {osm?.grades.map((s) => (
            <OsmGrade
              key={s.scale}
              suggestion={s}
              answer={osm}
              declared={draft.grades[s.scale]}
              accept={() => s.grade && setGrade(s.scale, s.grade)}
            />
          ))}
          {suggestion.isError && !osm && (
            <p className="muted" data-testid="osm-unavailable">
              {t('activity.grade.osm.unavailable')}
            </p>
          )}
          {osm && <OsmAttribution />}
        </fieldset>
      )}
      <fieldset className="choice" data-testid="wizard-hazards">
        <legend>{t('activity.grade.hazardsTitle')}</legend>
        <p className="muted">{t('activity.grade.hazardsHint')}</p>
        {suggestedHazards.length > 0 && (
          <div className="osm-suggestion" data-testid="osm-hazards">
            <p>
              {t('activity.grade.osm.hazards', {
                hazards: suggestedHazards.map((h) => t(`activity.grade.hazard.${h}`)).join(', '),
              })}
            </p>
            {suggestedHazards.every((h) => draft.hazards.includes(h)) ? (
              <span className="muted" data-testid="osm-hazards-added">
                {t('activity.grade.osm.added')}
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-outline"
                data-testid="osm-hazards-add"
                onClick={() => update({ hazards: [...new Set([...draft.hazards, ...suggestedHazards])] })}
              >
                {t('activity.grade.osm.add')}
              </button>
            )}
          </div>
        )}
        {suggestedHazards.length > 0 && scales.length === 0 && <OsmAttribution />}
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

/** One scale's suggestion: the grade with the share of the route behind it and Accept, or unknown and why. */
function OsmGrade({
  suggestion,
  answer,
  declared,
  accept,
}: {
  suggestion: GradeSuggestion['grades'][number];
  answer: GradeSuggestion;
  declared: string | undefined;
  accept: () => void;
}) {
  const { t } = useTranslation();
  const scale = t(`activity.grade.scale.${suggestion.scale}`);
  // Floored, so a share just under 80 % never reads as 80 %.
  const percent = Math.floor(suggestion.share * 100);
  const text =
    answer.status === 'UNAVAILABLE'
      ? t(answer.reason === 'ROUTE_TOO_LONG' ? 'activity.grade.osm.tooLong' : 'activity.grade.osm.unavailable')
      : suggestion.grade
        ? t('activity.grade.osm.suggested', { grade: suggestion.grade, percent })
        : t('activity.grade.osm.unknown', { percent });
  return (
    <div className="osm-suggestion" data-testid={`osm-grade-${suggestion.scale}`}>
      <p>
        {answer.grades.length > 1 && <span className="muted">{scale}: </span>}
        <span data-testid={`osm-grade-text-${suggestion.scale}`}>{text}</span>
      </p>
      {suggestion.grade &&
        (declared === suggestion.grade ? (
          <span className="muted" data-testid={`osm-accepted-${suggestion.scale}`}>
            {t('activity.grade.osm.accepted')}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-outline"
            data-testid={`osm-accept-${suggestion.scale}`}
            onClick={accept}
          >
            {t('activity.grade.osm.accept')}
          </button>
        ))}
    </div>
  );
}
