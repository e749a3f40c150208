import type { ActivitySummary, GradeScale } from '@cordata/contract';
import { useTranslation } from 'react-i18next';

type Graded = Pick<ActivitySummary, 'grades' | 'hazards'>;

/** A grade's everyday name where its scale has one (SAC T3 "Demanding mountain hiking"), else null. */
function useGradeName() {
  const { t, i18n } = useTranslation();
  return (scale: GradeScale, grade: string) => {
    const key = `activity.grade.name.${scale}.${grade}`;
    return i18n.exists(key) ? t(key) : null;
  };
}

/** The card's compact line: each grade ("SAC T3") and the hazards ("⚠ Exposure +1"); nothing when ungraded. */
export function GradeFacts({ activity }: { activity: Graded }) {
  const { t } = useTranslation();
  const [first, ...more] = activity.hazards;
  return (
    <>
      {activity.grades.map((g) => (
        <span key={g.scale} data-testid={`activity-card-grade-${g.scale}`}>
          {t(`activity.grade.short.${g.scale}`)} {g.grade}
        </span>
      ))}
      {first && (
        <span className="activity-card-hazard" data-testid="activity-card-hazards">
          ⚠ {t(`activity.grade.hazard.${first}`)}
          {more.length > 0 && ` +${more.length}`}
        </span>
      )}
    </>
  );
}

/** The page's grades, named in full, and every hazard flagged; nothing when the organiser declared none. */
export function GradesPanel({ activity }: { activity: Graded }) {
  const { t } = useTranslation();
  const nameOf = useGradeName();
  if (activity.grades.length === 0 && activity.hazards.length === 0) return null;
  return (
    <section className="activity-grades" data-testid="activity-grades" aria-labelledby="activity-grades-title">
      <h3 id="activity-grades-title">{t('activity.grade.title')}</h3>
      {activity.grades.length > 0 && (
        <ul className="activity-grades-list">
          {activity.grades.map((g) => {
            const name = nameOf(g.scale, g.grade);
            return (
              <li key={g.scale} data-testid={`activity-grade-${g.scale}`}>
                <span className="muted">{t(`activity.grade.scale.${g.scale}`)}</span> <strong>{g.grade}</strong>
                {name && <span> · {name}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {activity.hazards.length > 0 && (
        <ul className="activity-hazards" aria-label={t('activity.grade.hazardsTitle')}>
          {activity.hazards.map((h) => (
            <li key={h} className="activity-hazard" data-testid={`activity-hazard-${h}`}>
              <span aria-hidden="true">⚠</span> {t(`activity.grade.hazard.${h}`)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
