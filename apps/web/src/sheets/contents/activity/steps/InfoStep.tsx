import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../components/feedback.ts';
import { NameRules } from '../../../../components/forms/NameRules.tsx';
import { sportName } from '../../../../components/People/format.ts';
import { ACCESS, CONSENT_TEXT_MAX, VISIBILITIES } from '../../../../contract.ts';
import { useGroupQuery } from '../../../../state/queries/group.ts';
import { useSportsQuery } from '../../../../state/queries/sports.ts';
import { useSubgroupsQuery } from '../../../../state/queries/subgroups.ts';
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
      {draft.fromPoll && (
        <p className="activity-notice" data-testid="wizard-from-poll">
          {t('group.polls.fromPoll', { title: draft.fromPoll.title })}
        </p>
      )}
      {draft.groupId && (
        <GroupRow
          groupId={draft.groupId}
          onRemove={draft.fromPoll ? undefined : () => update({ groupId: null, subgroupIds: [] })}
        />
      )}
      {draft.groupId && !draft.activityId && !draft.fromPoll && (
        <OnlyFor
          groupId={draft.groupId}
          chosen={draft.subgroupIds}
          onChange={(subgroupIds) => update({ subgroupIds })}
        />
      )}
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
          <input
            {...control}
            type="date"
            data-testid="activity-date-input"
            value={draft.date}
            readOnly={!!draft.fromPoll}
            onChange={set('date')}
          />
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
              readOnly={!!draft.fromPoll}
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
              readOnly={!!draft.fromPoll}
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
      <WizardField label={t('consent.fieldLabel')} after={<p className="field-hint">{t('consent.fieldHint')}</p>}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={CONSENT_TEXT_MAX}
            value={draft.consentText}
            data-testid="activity-consent-input"
            onChange={set('consentText')}
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
function GroupRow({ groupId, onRemove }: { groupId: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  const group = useGroupQuery(groupId);
  return (
    <div className="wizard-group" data-testid="wizard-group">
      <span>
        <small className="muted">{t('activity.wizard.group')}</small>
        <strong>{group.data?.name ?? '…'}</strong>
      </span>
      {onRemove && (
        <button type="button" className="btn btn-ghost" onClick={onRemove}>
          {t('activity.wizard.noGroup')}
        </button>
      )}
    </div>
  );
}

/**
 * "Only for": the sub-groups a new group activity is limited to (issue 40), among those the caller may limit to: all
 * of them for the group's admins, those they are in for a ride leader (access.ts clubRules.mayLimit); nothing for
 * anyone else. None ticked: the whole group.
 */
function OnlyFor({
  groupId,
  chosen,
  onChange,
}: {
  groupId: string;
  chosen: string[];
  onChange: (subgroupIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const group = useGroupQuery(groupId).data;
  const mayLimit = !!group && (group.isAdmin || group.isLeader);
  const subgroups = useSubgroupsQuery(groupId, mayLimit).data ?? [];
  const offered = subgroups.filter((s) => group?.isAdmin || s.isMine);
  if (!mayLimit || offered.length === 0) return null;
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <fieldset className="wizard-only-for" data-testid="wizard-only-for">
      <legend>{t('activity.wizard.onlyFor')}</legend>
      <p className="muted">{t('activity.wizard.onlyForHint')}</p>
      {offered.map((s) => (
        <label key={s.subgroupId} className="choice-check" data-testid={`only-for-${s.name}`}>
          <input type="checkbox" checked={chosen.includes(s.subgroupId)} onChange={() => toggle(s.subgroupId)} />
          <span>{s.name}</span>
        </label>
      ))}
    </fieldset>
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
