import { SEATS_MAX } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { type SeatsField, seatsErrors, useDraftStore } from '../draft.ts';
import { Problem, WizardNumber } from './WizardStep.tsx';

const FIELDS: { field: SeatsField; label: string; hint: string; error: string; min: number; max: number }[] = [
  {
    field: 'places',
    label: 'seats.wizard.places',
    hint: 'seats.wizard.placesHint',
    error: 'seats.wizard.placesInvalid',
    min: 1,
    max: SEATS_MAX - 1,
  },
  {
    field: 'joinDeadlineHours',
    label: 'seats.wizard.deadline',
    hint: 'seats.wizard.deadlineHint',
    error: 'seats.wizard.deadlineInvalid',
    min: 1,
    max: 720,
  },
  {
    field: 'claimWindowMinutes',
    label: 'seats.wizard.claimWindow',
    hint: 'seats.wizard.claimWindowHint',
    error: 'seats.wizard.claimWindowInvalid',
    min: 15,
    max: 1440,
  },
];

/** Places for others, the join deadline and the claim window (docs/seats.md), on the difficulty step of create and edit. */
export function SeatsFields({ showErrors }: { showErrors: boolean }) {
  const { t } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const update = useDraftStore((s) => s.update);
  const invalid = seatsErrors(draft);
  return (
    <fieldset className="choice" data-testid="wizard-seats-fields">
      <legend>{t('seats.wizard.title')}</legend>
      {FIELDS.map(({ field, label, hint, error, min, max }) => (
        <div key={field}>
          <WizardNumber
            label={t(label)}
            min={min}
            max={max}
            placeholder={field === 'places' ? t('seats.wizard.noLimit') : field === 'claimWindowMinutes' ? '120' : ''}
            testId={`wizard-${field}`}
            value={draft[field]}
            onChange={(value) => update({ [field]: value })}
          />
          <p className="muted">{t(hint)}</p>
          <Problem testId={`error-${field}`} message={showErrors && invalid.includes(field) ? t(error) : undefined} />
        </div>
      ))}
    </fieldset>
  );
}
