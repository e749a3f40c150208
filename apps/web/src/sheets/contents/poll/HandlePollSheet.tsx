import { POLL_SLOTS_MAX } from '@cordata/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '../../../components/feedback.ts';
import { TextField } from '../../../components/forms/Field.tsx';
import { required } from '../../../components/forms/validation.ts';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { fullName } from '../../../components/People/format.ts';
import { useGroupQuery } from '../../../state/queries/group.ts';
import { useContactPagesQuery } from '../../../state/queries/people.ts';
import { useCreatePollMutation } from '../../../state/queries/polls.ts';
import { useSubgroupsQuery } from '../../../state/queries/subgroups.ts';
import { useSheetStore } from '../../store.ts';
import type { SheetParams } from '../../types.ts';
import '../../../components/Group/group.css';
import '../FiltersSheet.css';

interface Slot {
  date: string;
  startTime: string;
  endTime: string;
}

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const slotProblem = (s: Slot) => !s.date || !s.startTime || !s.endTime || s.endTime <= s.startTime;

/**
 * A new date poll (docs/polls.md): what it is for, up to 10 dates, until when people answer, and whom it asks: a
 * group (for its admins and ride leaders, or one of the sub-groups they may limit an activity to), or without a
 * group the contacts ticked here.
 */
export function HandlePollContent({ sheetKey, params }: { sheetKey: number; params: SheetParams['handle-poll'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useGroupQuery(params.groupId).data;
  const mayLimit = !!group && (group.isAdmin || group.isLeader);
  const subgroups = (useSubgroupsQuery(params.groupId ?? '', mayLimit).data ?? []).filter(
    (s) => group?.isAdmin || s.isMine,
  );
  const create = useCreatePollMutation();
  const contacts = useContactPagesQuery('CONTACT', '', !params.groupId);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [slots, setSlots] = useState<Slot[]>([{ date: day(7), startTime: '09:00', endTime: '12:00' }]);
  const [deadlineDay, setDeadlineDay] = useState(day(3));
  const [deadlineTime, setDeadlineTime] = useState('20:00');
  const [subgroupId, setSubgroupId] = useState('');
  const [sent, setSent] = useState(false);

  const deadline = new Date(`${deadlineDay}T${deadlineTime}`);
  const deadlineBad = !deadlineDay || !deadlineTime || !(deadline.getTime() > Date.now());
  const datesBad = slots.some(slotProblem);
  const peopleBad = !params.groupId && userIds.length === 0;
  const toggle = (userId: string) =>
    setUserIds(userIds.includes(userId) ? userIds.filter((id) => id !== userId) : [...userIds, userId]);
  const setSlot = (i: number, patch: Partial<Slot>) =>
    setSlots(slots.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (required(title) || datesBad || deadlineBad || peopleBad) return;
    try {
      const { poll } = await create.mutateAsync({
        title: title.trim(),
        groupId: params.groupId,
        subgroupId: subgroupId || undefined,
        userIds: params.groupId ? undefined : userIds,
        slots,
        deadline: deadline.toISOString(),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      useSheetStore.getState().close(sheetKey);
      showSuccess(t('group.polls.sent'));
      navigate(`/poll/${poll.pollId}`);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <form className="handle-group" onSubmit={submit} noValidate data-testid="handle-poll-sheet">
      <div className="sheet-body filters poll-form">
        <TextField
          label={t('group.polls.form.title')}
          value={title}
          onChange={setTitle}
          problem={required(title)}
          showProblem={sent}
          hint={t('group.polls.form.titleHint')}
          maxLength={80}
          testId="poll-title"
        />
        <fieldset>
          <legend>{t('group.polls.form.dates')}</legend>
          {slots.map((slot, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
            <div key={i} className="poll-slot-fields" data-testid="poll-slot-fields">
              <TextField
                label={t('group.polls.form.date')}
                type="date"
                value={slot.date}
                onChange={(date) => setSlot(i, { date })}
                testId={`poll-slot-date-${i}`}
              />
              <TextField
                label={t('group.polls.form.start')}
                type="time"
                value={slot.startTime}
                onChange={(startTime) => setSlot(i, { startTime })}
                testId={`poll-slot-start-${i}`}
              />
              <TextField
                label={t('group.polls.form.end')}
                type="time"
                value={slot.endTime}
                onChange={(endTime) => setSlot(i, { endTime })}
                testId={`poll-slot-end-${i}`}
              />
              {slots.length > 1 && (
                <button
                  type="button"
                  className="btn btn-small btn-ghost btn-danger"
                  onClick={() => setSlots(slots.filter((_, j) => j !== i))}
                >
                  {t('group.polls.form.removeDate')}
                </button>
              )}
            </div>
          ))}
          {sent && datesBad && (
            <p className="field-problem" role="alert">
              {t('group.polls.form.datesProblem')}
            </p>
          )}
          {slots.length < POLL_SLOTS_MAX && (
            <button
              type="button"
              className="btn btn-small btn-outline"
              data-testid="poll-add-date"
              onClick={() => setSlots([...slots, { ...slots.at(-1)!, date: day(8 + slots.length) }])}
            >
              {t('group.polls.form.addDate')}
            </button>
          )}
        </fieldset>
        <fieldset>
          <legend>{t('group.polls.form.deadline')}</legend>
          <div className="poll-deadline-fields">
            <TextField
              label={t('group.polls.form.date')}
              type="date"
              value={deadlineDay}
              onChange={setDeadlineDay}
              testId="poll-deadline-date"
            />
            <TextField
              label={t('group.polls.form.time')}
              type="time"
              value={deadlineTime}
              onChange={setDeadlineTime}
              testId="poll-deadline-time"
            />
          </div>
          {sent && deadlineBad && (
            <p className="field-problem" role="alert">
              {t('group.polls.form.deadlineProblem')}
            </p>
          )}
        </fieldset>
        {!params.groupId && (
          <fieldset data-testid="poll-contacts">
            <legend>{t('group.polls.form.audience')}</legend>
            {contacts.data?.length === 0 && <p className="muted">{t('group.polls.form.noContacts')}</p>}
            {(contacts.data ?? []).map((contact) => (
              <label key={contact.userId} className="choice-check" data-testid="poll-contact">
                <input
                  type="checkbox"
                  checked={userIds.includes(contact.userId)}
                  onChange={() => toggle(contact.userId)}
                />
                <span>{fullName(contact)}</span>
              </label>
            ))}
            <LoadMore list={contacts} label={t('group.showMore')} testId="poll-contacts-more" />
            {sent && peopleBad && (
              <p className="field-problem" role="alert">
                {t('group.polls.form.peopleProblem')}
              </p>
            )}
          </fieldset>
        )}
        {subgroups.length > 0 && (
          <div className="field">
            <label htmlFor="poll-audience">{t('group.polls.form.audience')}</label>
            <select
              id="poll-audience"
              value={subgroupId}
              data-testid="poll-audience"
              onChange={(e) => setSubgroupId(e.target.value)}
            >
              <option value="">{t('group.polls.form.wholeGroup')}</option>
              {subgroups.map((s) => (
                <option key={s.subgroupId} value={s.subgroupId}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="sheet-footer">
        <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending} data-testid="poll-send">
          {t('group.polls.form.send')}
        </button>
      </div>
    </form>
  );
}
