import type { IntensityKind, Sport, UserSport } from '@cordata/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/feedback.ts';
import { FormError } from '../../../components/forms/Field.tsx';
import { IntensityInput } from '../../../components/forms/IntensityInput.tsx';
import { useSportName, useSportsQuery } from '../../../state/queries/sports.ts';
import { toIntensity, usualIntensity } from '../intensity.ts';
import { StepActions } from './StepActions.tsx';

/**
 * Step 5: a usual outing in each sport, in a unit the sport allows, starting from a common one (the person changes
 * what is not theirs); submitting it creates the profile.
 */
export function IntensityStep({
  sportIds,
  onBack,
  submit,
}: {
  sportIds: string[];
  onBack: () => void;
  submit: (sports: UserSport[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const sports = useSportsQuery();
  const nameOf = useSportName();
  const chosen = (sports.data?.sports ?? []).filter((s) => sportIds.includes(s.sportId));
  const [kinds, setKinds] = useState<Record<string, IntensityKind>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const kindOf = (sport: Sport) => kinds[sport.sportId] ?? sport.intensityKinds[0]!;
  // Typed values are kept per sport and kind, so going back to a measure shows what was typed for it.
  const typedOf = (sport: Sport) =>
    values[`${sport.sportId}:${kindOf(sport)}`] ?? usualIntensity(sport.sportId, kindOf(sport));
  const problemOf = (sport: Sport): string | null => {
    const typed = typedOf(sport);
    if (!typed.trim()) return t('validation.required');
    return toIntensity(kindOf(sport), typed) ? null : t('auth.profile.intensity.invalid');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setFailure(null);
    if (chosen.some((s) => problemOf(s))) return;
    setBusy(true);
    try {
      await submit(chosen.map((s) => ({ sportId: s.sportId, intensity: toIntensity(kindOf(s), typedOf(s))! })));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <h2>{t('auth.profile.intensity.title')}</h2>
      <p className="auth-intro">{t('auth.profile.intensity.text')}</p>
      {chosen.map((sport) => {
        const kind = kindOf(sport);
        const problem = sent ? problemOf(sport) : null;
        return (
          <fieldset key={sport.sportId} className="intensity-row" data-testid={`intensity-${sport.sportId}`}>
            <legend>{nameOf(sport)}</legend>
            <IntensityInput
              sport={sport}
              kind={kind}
              onKind={(k) => setKinds({ ...kinds, [sport.sportId]: k })}
              typed={typedOf(sport)}
              onTyped={(typed) => setValues({ ...values, [`${sport.sportId}:${kind}`]: typed })}
              invalid={!!problem}
              kindTestId={`intensity-kind-${sport.sportId}`}
              valueTestId={`intensity-value-${sport.sportId}`}
            />
            {problem && (
              <p className="field-problem" role="alert">
                {problem}
              </p>
            )}
          </fieldset>
        );
      })}
      <FormError text={failure} />
      <StepActions onBack={onBack} nextLabel={t('auth.profile.intensity.submit')} busy={busy} testId="profile-submit" />
    </form>
  );
}
