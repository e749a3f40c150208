import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/feedback.ts';
import { FormError } from '../../../components/forms/Field.tsx';
import { useSportName, useSportsQuery } from '../../../state/queries/sports.ts';
import { StepActions } from './StepActions.tsx';

/** Step 4: the sports practised (at least one). */
export function SportsStep({
  selected,
  onChange,
  onBack,
  onNext,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const sports = useSportsQuery();
  const nameOf = useSportName();
  const [sent, setSent] = useState(false);
  const problem = selected.length ? null : 'sportRequired';
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSent(true);
        if (!problem) onNext();
      }}
    >
      <h2>{t('auth.profile.sports.title')}</h2>
      <p className="auth-intro">{t('auth.profile.sports.text')}</p>
      {sports.isPending && <p role="status">{t('auth.profile.sports.loading')}</p>}
      {sports.isError && <FormError text={errorText(sports.error)} />}
      <fieldset className="sport-chips" aria-label={t('auth.profile.sports.title')}>
        {sports.data?.sports.map((sport) => (
          <button
            key={sport.sportId}
            type="button"
            className="sport-chip"
            aria-pressed={selected.includes(sport.sportId)}
            data-testid={`sport-${sport.sportId}`}
            onClick={() => toggle(sport.sportId)}
          >
            {nameOf(sport)}
          </button>
        ))}
      </fieldset>
      {sent && problem && (
        <p className="field-problem" role="alert" data-testid="sports-problem">
          {t(`validation.${problem}`)}
        </p>
      )}
      <StepActions onBack={onBack} nextLabel={t('auth.profile.next')} />
    </form>
  );
}
