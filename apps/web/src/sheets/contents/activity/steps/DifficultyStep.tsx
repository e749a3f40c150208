import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES } from '../../../../contract.ts';
import { seatsErrors, useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { Choice } from './InfoStep.tsx';
import { SeatsFields } from './SeatsFields.tsx';
import { Problem, WizardField, WizardStep } from './WizardStep.tsx';

const levels = DIFFICULTIES;

/** Step 3/4: how hard it is and how long it takes. */
export function DifficultyStep({ go }: StepProps) {
  const { t } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const update = useDraftStore((s) => s.update);
  const [missing, setMissing] = useState(false);

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
        <div className="field-row">
          <WizardField label={t('activity.wizard.hours')}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={336}
                data-testid="required-hours"
                value={draft.requiredHours}
                onChange={(e) => update({ requiredHours: e.target.value })}
              />
            )}
          </WizardField>
          <WizardField label={t('activity.wizard.minutes')}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={59}
                data-testid="required-minutes"
                value={draft.requiredMinutes}
                onChange={(e) => update({ requiredMinutes: e.target.value })}
              />
            )}
          </WizardField>
        </div>
      </fieldset>
      <SeatsFields showErrors={missing} />
    </WizardStep>
  );
}
