import { estimateMovingTime } from '@cordata/geo';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Climb } from '../../../../components/Activity/Climb.tsx';
import { formatDistance } from '../../../../components/Activity/format.ts';
import { MovingTimeNote, useMovingTimeText } from '../../../../components/Activity/MovingTime.tsx';
import { config } from '../../../../config.ts';
import { DIFFICULTIES } from '../../../../contract.ts';
import { prefillRequiredTime, requiredFromEstimate, seatsErrors, useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { type DraftEffort, useDraftEffort } from '../route-effort.ts';
import { GradesFields } from './GradesFields.tsx';
import { Choice } from './InfoStep.tsx';
import { SeatsFields } from './SeatsFields.tsx';
import { Problem, WizardNumber, WizardStep } from './WizardStep.tsx';

const levels = DIFFICULTIES;

/** The required time's two inputs: hours (up to two weeks) and minutes. */
const REQUIRED = [
  { unit: 'hours', field: 'requiredHours', max: 336 },
  { unit: 'minutes', field: 'requiredMinutes', max: 59 },
] as const;

/** Step 3/4: how hard it is and how long it takes. */
export function DifficultyStep({ go }: StepProps) {
  const { t } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const update = useDraftStore((s) => s.update);
  const [missing, setMissing] = useState(false);
  const effort = useDraftEffort(draft.route);
  const estimate = effort && draft.sportId ? estimateMovingTime(draft.sportId, effort) : null;
  const settled = !!effort && effort.status !== 'MEASURING';
  const estimatedMinutes = estimate?.minutes ?? null;

  // The estimate fills the required time the person has not set, once the climb is known (or known to be unknown).
  useEffect(() => {
    if (!settled || estimatedMinutes === null) return;
    const { draft: current, update: apply } = useDraftStore.getState();
    const patch = prefillRequiredTime(current, estimatedMinutes);
    if (patch) apply(patch);
  }, [settled, estimatedMinutes]);

  return (
    <WizardStep
      testId="wizard-difficulty"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-next"
          onClick={() => (draft.difficulty && seatsErrors(draft).length === 0 ? go('publish') : setMissing(true))}
        >
          {t('common.next')}
        </button>
      }
    >
      <Choice
        legend={t('activity.view.difficulty')}
        name="difficulty"
        value={draft.difficulty}
        options={levels.map((v) => ({
          value: v,
          label: t(`activity.difficulty.${v}`),
          hint: t(`activity.difficultyHint.${v}`),
        }))}
        onChange={(difficulty) => {
          setMissing(false);
          update({ difficulty });
        }}
      />
      <Problem
        testId="error-difficulty"
        message={missing && !draft.difficulty ? t('validation.required') : undefined}
      />
      <fieldset className="choice">
        <legend>{t('activity.wizard.requiredTime')}</legend>
        <p className="muted">{t('activity.wizard.requiredTimeHint')}</p>
        {effort && <RouteEstimate effort={effort} sportId={draft.sportId} />}
        <div className="field-row">
          {REQUIRED.map(({ unit, field, max }) => (
            <WizardNumber
              key={unit}
              label={t(`activity.wizard.${unit}`)}
              min={0}
              max={max}
              testId={`required-${unit}`}
              value={draft[field]}
              onChange={(value) => update({ [field]: value })}
            />
          ))}
        </div>
        {estimate && requiredFromEstimate(draft) && (
          <p className="muted" data-testid="required-from-estimate">
            {t('activity.wizard.estimateFilled')}
          </p>
        )}
        {estimate && settled && !requiredFromEstimate(draft) && (
          <button
            type="button"
            className="btn btn-outline"
            data-testid="use-estimate"
            onClick={() =>
              update({
                requiredHours: String(Math.floor(estimate.minutes / 60)),
                requiredMinutes: String(estimate.minutes % 60),
                estimatedRequired: estimate.minutes,
              })
            }
          >
            {t('activity.wizard.useEstimate')}
          </button>
        )}
      </fieldset>
      <SeatsFields showErrors={missing} />
      <GradesFields />
    </WizardStep>
  );
}

/** The route's distance, climb, descent and estimated moving time, as the activity page will show them. */
function RouteEstimate({ effort, sportId }: { effort: DraftEffort; sportId: string }) {
  const { t, i18n } = useTranslation();
  const estimate = sportId ? estimateMovingTime(sportId, effort) : null;
  const movingTime = useMovingTimeText(estimate);
  const status =
    effort.status === 'MEASURING'
      ? t('activity.wizard.measuring')
      : effort.status === 'NOT_CONFIGURED'
        ? t('activity.wizard.elevationNotConfigured')
        : effort.status === 'UNAVAILABLE'
          ? t('activity.wizard.elevationUnavailable')
          : null;
  return (
    <div
      className="wizard-estimate"
      data-testid="wizard-estimate"
      aria-live="polite"
      aria-busy={effort.status === 'MEASURING'}
    >
      <dl className="activity-stats">
        <div>
          <dt>{t('activity.view.distance')}</dt>
          <dd>{formatDistance(effort.distance, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('activity.view.gain')}</dt>
          <dd data-testid="wizard-estimate-gain">
            <Climb metres={effort.gain} />
          </dd>
        </div>
        <div>
          <dt>{t('activity.view.descent')}</dt>
          <dd>
            <Climb metres={effort.loss} />
          </dd>
        </div>
        <div>
          <dt>{t('activity.view.movingTime')}</dt>
          <dd data-testid="wizard-moving-time">{movingTime}</dd>
        </div>
      </dl>
      {status && (
        <p className="muted" data-testid="wizard-elevation-status">
          {status}
        </p>
      )}
      {effort.measuredByService && config.elevationCredit && (
        <p className="muted route-snap-credit" data-testid="wizard-elevation-credit">
          {t('activity.wizard.elevationCredit', { credit: config.elevationCredit })}
        </p>
      )}
      <MovingTimeNote sportId={sportId} estimate={effort.status === 'MEASURING' ? null : estimate} />
    </div>
  );
}
