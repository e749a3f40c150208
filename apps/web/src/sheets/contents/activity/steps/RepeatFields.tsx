import { weekdayOf } from '@cordata/contract';
import { WEEKDAYS } from '@cordata/contract/enums';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../i18n/dates.ts';
import { useDraftStore } from '../draft.ts';
import { describeRule, type RepeatDraft, repeatProblems, repeatRule, weekdayName, weekdayOrdinal } from '../repeat.ts';
import { Problem, WizardField, WizardNumber, WizardSelect } from './WizardStep.tsx';

const FREQS: RepeatDraft['freq'][] = ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY'];
const ENDS: RepeatDraft['ends'][] = ['NEVER', 'UNTIL', 'COUNT'];

/**
 * "Repeats" on the first step of a new activity (docs/series.md): none, daily, weekly on chosen days, monthly on the
 * nth weekday or day of the first date; ending never (dates made 12 weeks ahead), on a day or after a number of
 * dates; with the rule read back as a sentence.
 */
export function RepeatFields({ showErrors }: { showErrors: boolean }) {
  const { t, i18n } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const update = useDraftStore((s) => s.update);
  const repeat = draft.repeat;
  const set = (patch: Partial<RepeatDraft>) => update({ repeat: { ...repeat, ...patch } });
  const problems = showErrors ? repeatProblems(repeat, draft.date) : [];
  const rule = repeatRule(repeat, draft.date);
  const firstWeekday = draft.date ? weekdayOf(draft.date) : null;
  const chosen = repeat.weekdays.length ? repeat.weekdays : firstWeekday ? [firstWeekday] : [];
  return (
    <fieldset className="choice wizard-repeat" data-testid="wizard-repeat">
      <legend>{t('series.wizard.title')}</legend>
      <WizardSelect
        label={t('series.wizard.freqLabel')}
        testId="repeat-freq"
        value={repeat.freq}
        options={FREQS}
        optionLabel={(f) => t(`series.wizard.freq.${f}`)}
        onChange={(freq) => set({ freq })}
      />
      {repeat.freq !== 'NONE' && (
        <WizardNumber
          label={t(`series.wizard.interval.${repeat.freq}`)}
          min={1}
          max={99}
          placeholder="1"
          testId="repeat-interval"
          value={repeat.interval}
          onChange={(interval) => set({ interval })}
        />
      )}
      {repeat.freq === 'WEEKLY' && (
        <fieldset className="repeat-weekdays" aria-label={t('series.wizard.weekdays')}>
          {WEEKDAYS.map((day) => (
            <label key={day} className="repeat-day" data-testid={`repeat-day-${day}`}>
              <input
                type="checkbox"
                checked={chosen.includes(day)}
                onChange={(e) =>
                  set({ weekdays: e.target.checked ? [...chosen, day] : chosen.filter((d) => d !== day) })
                }
              />
              <span>{weekdayName(day, i18n.language, 'short')}</span>
            </label>
          ))}
        </fieldset>
      )}
      {repeat.freq === 'MONTHLY' && draft.date && firstWeekday && (
        <WizardField label={t('series.wizard.freq.MONTHLY')}>
          {(control) => (
            <select
              {...control}
              data-testid="repeat-monthly-by"
              value={repeat.monthlyBy}
              onChange={(e) => set({ monthlyBy: e.target.value as RepeatDraft['monthlyBy'] })}
            >
              <option value="WEEKDAY">
                {t('series.wizard.monthlyBy.WEEKDAY', {
                  ordinal: t(
                    `${firstWeekday === 'SU' ? 'series.ordinalsFeminine' : 'series.ordinals'}.${weekdayOrdinal(draft.date)}`,
                  ),
                  weekday: weekdayName(firstWeekday, i18n.language),
                })}
              </option>
              <option value="DAY">{t('series.wizard.monthlyBy.DAY', { day: Number(draft.date.slice(8, 10)) })}</option>
              {repeat.monthlyRule && <option value="RULE">{t('series.wizard.monthlyBy.RULE')}</option>}
            </select>
          )}
        </WizardField>
      )}
      {repeat.freq !== 'NONE' && (
        <>
          <WizardSelect
            label={t('series.wizard.ends')}
            testId="repeat-ends"
            value={repeat.ends}
            options={ENDS}
            optionLabel={(end) => t(`series.wizard.endsOption.${end}`)}
            onChange={(ends) => set({ ends })}
          />
          {repeat.ends === 'UNTIL' && (
            <WizardField label={t('series.wizard.until')}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  data-testid="repeat-until"
                  min={draft.date || undefined}
                  value={repeat.until}
                  onChange={(e) => set({ until: e.target.value })}
                />
              )}
            </WizardField>
          )}
          {repeat.ends === 'COUNT' && (
            <WizardNumber
              label={t('series.wizard.count')}
              min={1}
              max={730}
              testId="repeat-count"
              value={repeat.count}
              onChange={(count) => set({ count })}
            />
          )}
          {repeat.exDates.length > 0 && (
            <div className="repeat-exdates" data-testid="repeat-exdates">
              <span className="repeat-exdates-label">{t('series.wizard.exDates')}</span>
              <ul>
                {repeat.exDates.map((day) => {
                  const label = formatDate(new Date(`${day}T12:00:00Z`), i18n.language, {
                    weekday: 'short',
                    day: 'numeric',
                    month: 'short',
                    timeZone: 'UTC',
                  });
                  return (
                    <li key={day} data-testid={`repeat-exdate-${day}`}>
                      <span>{label}</span>
                      <button
                        type="button"
                        className="btn btn-ghost repeat-exdate-remove"
                        aria-label={t('series.wizard.exDatePutBack', { date: label })}
                        onClick={() => set({ exDates: repeat.exDates.filter((d) => d !== day) })}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          <Problem
            testId="error-repeat"
            message={
              problems.includes('interval')
                ? t('series.wizard.intervalInvalid')
                : problems.includes('until')
                  ? t('series.wizard.untilInvalid')
                  : problems.includes('count')
                    ? t('series.wizard.countInvalid')
                    : undefined
            }
          />
          {rule && draft.startTime && (
            <p className="repeat-summary" data-testid="repeat-summary">
              {describeRule(rule, draft.date, draft.startTime, t, i18n.language)}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
