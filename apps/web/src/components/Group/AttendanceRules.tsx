import { type Group, LATE_CANCEL_MAX_HOURS } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { showError, showSuccess } from '../feedback.ts';
import { TextField } from '../forms/Field.tsx';

const rulesKey = (groupId: string) => ['group', 'attendance-rules', groupId] as const;
const wholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text) && +text >= min && +text <= max;

/**
 * A group's attendance rules (docs/attendance.md): members read them; admins set the late-cancel window and the
 * reliability at which requests are accepted at once (empty: never).
 */
export function AttendanceRules({ group }: { group: Group }) {
  const { t } = useTranslation();
  const { groupId } = group;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: rulesKey(groupId),
    queryFn: async () => (await api('group/read-attendance-rules', { groupId })).rules,
    enabled: group.status === 'PARTICIPATING',
  });
  const save = useMutation({
    mutationFn: (rules: { lateCancelHours: number; autoApproveReliability: number | null }) =>
      api('group/set-attendance-rules', { groupId, ...rules }),
    onSuccess: (answer) => client.setQueryData(rulesKey(groupId), answer.rules),
  });
  const [hours, setHours] = useState('');
  const [percent, setPercent] = useState('');
  const [sent, setSent] = useState(false);
  const rules = query.data;
  useEffect(() => {
    if (!rules) return;
    setHours(String(rules.lateCancelHours));
    setPercent(rules.autoApproveReliability === null ? '' : String(rules.autoApproveReliability));
  }, [rules]);
  if (!rules) return null;

  const hoursOk = wholeIn(hours, 0, LATE_CANCEL_MAX_HOURS);
  const percentOk = percent === '' || wholeIn(percent, 1, 100);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (!hoursOk || !percentOk) return;
    save.mutate(
      { lateCancelHours: +hours, autoApproveReliability: percent === '' ? null : +percent },
      { onSuccess: () => showSuccess(t('attendance.rules.saved')), onError: (err) => showError(err) },
    );
  };

  return (
    <section className="activity-about" data-testid="group-attendance-rules">
      <h3>{t('attendance.rules.title')}</h3>
      <p className="muted">{t('attendance.rules.summary', { hours: rules.lateCancelHours })}</p>
      {rules.autoApproveReliability !== null && (
        <p className="muted">{t('attendance.rules.summaryAuto', { percent: rules.autoApproveReliability })}</p>
      )}
      {group.isAdmin && (
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('attendance.rules.lateCancelHours')}
            value={hours}
            onChange={setHours}
            inputMode="numeric"
            testId="rules-late-cancel-hours"
          />
          {sent && !hoursOk && (
            <p className="field-problem" role="alert">
              {t('attendance.rules.hoursInvalid', { max: LATE_CANCEL_MAX_HOURS })}
            </p>
          )}
          <TextField
            label={t('attendance.rules.autoApprove')}
            value={percent}
            onChange={setPercent}
            inputMode="numeric"
            testId="rules-auto-approve"
            hint={t('attendance.rules.autoApproveOff')}
          />
          {sent && !percentOk && (
            <p className="field-problem" role="alert">
              {t('attendance.rules.percentInvalid')}
            </p>
          )}
          <button type="submit" className="btn btn-primary" data-testid="rules-save" disabled={save.isPending}>
            {t('attendance.rules.save')}
          </button>
        </form>
      )}
    </section>
  );
}
