import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../components/feedback.ts';
import { NameRules } from '../../../../components/forms/NameRules.tsx';
import { sportName } from '../../../../components/People/format.ts';
import { ACCESS, VISIBILITIES } from '../../../../contract.ts';
import { useGroupQuery } from '../../../../state/queries/group.ts';
import { useSportsQuery } from '../../../../state/queries/sports.ts';
import { type Draft, type InfoErrors, type InfoField, useDraftStore, validateInfo } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { repeatProblems } from '../repeat.ts';
import { RepeatFields } from './RepeatFields.tsx';
import { WizardField, WizardStep } from './WizardStep.tsx';

/** Step 1/4: name, sport, date and times, description, contact, access, visibility and who's going. */
export function InfoStep({ go }: StepProps) {
  const { t, i18n } = useTranslation();
  const draft = useDraftStore((s) => s.draft);
  const update = useDraftStore((s) => s.update);
  const sports = useSportsQuery();
  const [errors, setErrors] = useState<InfoErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const set = (key: keyof Draft) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const next = { ...draft, [key]: e.target.value };
    update({ [key]: e.target.value });
    // Once the user has tried to go on, errors follow the typing.
    if (submitted) setErrors(validateInfo(next));
  };

  const next = () => {
    const found = validateInfo(draft);
    setErrors(found);
    setSubmitted(true);
    if (Object.keys(found).length === 0 && repeatProblems(draft.repeat, draft.date).length === 0) go('path');
  };

  const message = (field: InfoField) => (errors[field] ? t(`validation.${errors[field]}`) : undefined);

  return (
    <WizardStep
      testId="wizard-info"
      footer={
        <button type="button" className="btn btn-primary btn-block" data-testid="wizard-next" onClick={next}>
          {t('common.next')}
        </button>
      }
    >
      <RestoredBanner />
      {draft.groupId && <GroupRow groupId={draft.groupId} onRemove={() => update({ groupId: null })} />}
      <WizardField
        label={t('activity.wizard.name')}
        problem={message('name')}
        problemTestId="error-name"
        after={<NameRules value={draft.name} testId="activity-name-rules" />}
      >
        {(control) => (
          <input
            {...control}
            data-testid="activity-name-input"
            value={draft.name}
            maxLength={40}
            onChange={set('name')}
          />
        )}
      </WizardField>
      <WizardField label={t('activity.wizard.sport')} problem={message('sportId')} problemTestId="error-sportId">
        {(control) => (
          <select {...control} data-testid="activity-sport-input" value={draft.sportId} onChange={set('sportId')}>
            <option value="">{t('activity.wizard.chooseSport')}</option>
            {sports.data?.sports.map((s) => (
              <option key={s.sportId} value={s.sportId}>
                {sportName(s, i18n.language, s.sportId)}
              </option>
            ))}
          </select>
        )}
      </WizardField>
      <WizardField label={t('activity.wizard.date')} problem={message('date')} problemTestId="error-date">
        {(control) => (
          <input {...control} type="date" data-testid="activity-date-input" value={draft.date} onChange={set('date')} />
        )}
      </WizardField>
      <div className="field-row">
        <WizardField
          label={t('activity.wizard.startTime')}
          problem={message('startTime')}
          problemTestId="error-startTime"
        >
          {(control) => (
            <input
              {...control}
              type="time"
              data-testid="activity-start-input"
              value={draft.startTime}
              onChange={set('startTime')}
            />
          )}
        </WizardField>
        <WizardField label={t('activity.wizard.endTime')} problem={message('endTime')} problemTestId="error-endTime">
          {(control) => (
            <input
              {...control}
              type="time"
              data-testid="activity-end-input"
              value={draft.endTime}
              onChange={set('endTime')}
            />
          )}
        </WizardField>
      </div>
      {!draft.activityId && <RepeatFields showErrors={submitted} />}
      <WizardField label={t('activity.wizard.description')}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={2000} value={draft.description} onChange={set('description')} />
        )}
      </WizardField>
      <WizardField label={t('activity.wizard.contact')}>
        {(control) => (
          <input
            {...control}
            value={draft.contact}
            maxLength={200}
            placeholder={t('activity.wizard.contactHint')}
            onChange={set('contact')}
          />
        )}
      </WizardField>
      <Choice
        legend={t('activity.wizard.access')}
        name="access"
        value={draft.access}
        options={ACCESS.map((v) => ({
          value: v,
          label: t(`activity.access.${v}`),
          hint: t(`activity.accessHint.${v}`),
        }))}
        onChange={(access) => update({ access })}
      />
      <Choice
        legend={t('activity.wizard.visibility')}
        name="visibility"
        value={draft.visibility}
        options={VISIBILITIES.map((v) => ({
          value: v,
          label: t(`activity.visibility.${v}`),
          hint: t(`activity.visibilityHint.${v}`),
        }))}
        onChange={(visibility) => update({ visibility })}
      />
      <Choice
        legend={t('activity.wizard.whoIsGoing')}
        name="participants"
        value={draft.participantsPublic ? 'EVERYONE' : 'PARTICIPANTS'}
        options={(['PARTICIPANTS', 'EVERYONE'] as const).map((v) => ({
          value: v,
          label: t(`activity.whoIsGoing.${v}`),
          hint: t(`activity.whoIsGoingHint.${v}`),
        }))}
        onChange={(v) => update({ participantsPublic: v === 'EVERYONE' })}
      />
    </WizardStep>
  );
}

/** A set of radio cards. */
export function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V | null;
  options: { value: V; label: string; hint: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice-card" data-testid={`choice-${name}-${option.value}`}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <strong>{option.label}</strong>
            <small className="muted">{option.hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The group the activity is made for (opened from a group): shown, and removable. */
function GroupRow({ groupId, onRemove }: { groupId: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const group = useGroupQuery(groupId);
  return (
    <div className="wizard-group" data-testid="wizard-group">
      <span>
        <small className="muted">{t('activity.wizard.group')}</small>
        <strong>{group.data?.name ?? '…'}</strong>
      </span>
      <button type="button" className="btn btn-ghost" onClick={onRemove}>
        {t('activity.wizard.noGroup')}
      </button>
    </div>
  );
}

/**
 * Shown when the wizard continued a draft kept from before a reload: what happened, the GPX file to choose again
 * (files are not kept), and a way to start over.
 */
function RestoredBanner() {
  const { t } = useTranslation();
  const restored = useDraftStore((s) => s.restored);
  if (!restored) return null;
  const startOver = async () => {
    const sure = await confirm({
      title: t('activity.wizard.discardTitle'),
      description: t('activity.wizard.discardText'),
      confirmLabel: t('activity.wizard.discardConfirm'),
      cancelLabel: t('activity.wizard.keepEditing'),
      destructive: true,
    });
    if (sure) useDraftStore.getState().startOver();
  };
  return (
    <div className="wizard-restored" role="status" data-testid="wizard-restored">
      <span>
        <strong>{t('activity.wizard.restoredTitle')}</strong>
        <small className="muted">{t('activity.wizard.restoredText')}</small>
        {restored.gpxFileName && (
          <small data-testid="wizard-restored-gpx">
            {t('activity.wizard.restoredGpx', { name: restored.gpxFileName })}
          </small>
        )}
      </span>
      <button type="button" className="btn btn-ghost" data-testid="wizard-start-over" onClick={startOver}>
        {t('activity.wizard.startOver')}
      </button>
    </div>
  );
}
