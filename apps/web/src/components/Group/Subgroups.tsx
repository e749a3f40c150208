import type { Group, IntensityKind, Subgroup } from '@cordata/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toIntensity, typedIntensity, usualIntensity } from '../../screens/CreateProfile/intensity.ts';
import { useGroupMembersQuery } from '../../state/queries/group.ts';
import { useSportName, useSportsQuery } from '../../state/queries/sports.ts';
import {
  useAssignSubgroupMutation,
  useCreateSubgroupMutation,
  useDeleteSubgroupMutation,
  useLeaderMutation,
  usePickSubgroupsMutation,
  useSubgroupMembersQuery,
  useSubgroupsQuery,
  useUpdateSubgroupMutation,
} from '../../state/queries/subgroups.ts';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { TextField } from '../forms/Field.tsx';
import { IntensityInput } from '../forms/IntensityInput.tsx';
import { nameProblem } from '../forms/validation.ts';
import { fullName, intensityValue } from '../People/format.ts';
import { openProfile } from '../People/Members.tsx';
import { PersonRow } from '../People/People.tsx';
import { mayListMembers } from './actions.ts';

/**
 * The group's pace groups (issue 40, docs/groups.md): members pick the ones they ride with; admins define them, fill
 * them and name their ride leaders. Shown to those who may see the members; to others than admins only once there
 * is one.
 */
export function Subgroups({ group }: { group: Group }) {
  const { t } = useTranslation();
  const listed = mayListMembers(group);
  const query = useSubgroupsQuery(group.groupId, listed);
  const subgroups = query.data ?? [];
  if (!listed || (subgroups.length === 0 && !group.isAdmin)) return null;
  return (
    <section className="activity-people group-subgroups" data-testid="group-subgroups">
      <h3>{t('group.subgroups.title')}</h3>
      <p className="muted">{t('group.subgroups.intro')}</p>
      {query.isSuccess && subgroups.length === 0 && <p className="muted">{t('group.subgroups.none')}</p>}
      <ul className="subgroup-list">
        {subgroups.map((subgroup) => (
          <SubgroupRow key={subgroup.subgroupId} group={group} subgroup={subgroup} all={subgroups} />
        ))}
      </ul>
      {group.isAdmin && <SubgroupForm group={group} />}
    </section>
  );
}

function SubgroupRow({ group, subgroup, all }: { group: Group; subgroup: Subgroup; all: Subgroup[] }) {
  const { t } = useTranslation();
  const sportName = useSportNameOf(subgroup.sportId);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const pick = usePickSubgroupsMutation(group.groupId);
  const remove = useDeleteSubgroupMutation(group.groupId);
  const member = group.status === 'PARTICIPATING';
  const { name } = subgroup;

  const toggleMine = async () => {
    const mine = all.filter((s) => s.isMine).map((s) => s.subgroupId);
    const next = subgroup.isMine ? mine.filter((id) => id !== subgroup.subgroupId) : [...mine, subgroup.subgroupId];
    try {
      await pick.mutateAsync(next);
      showSuccess(t(subgroup.isMine ? 'group.subgroups.done.left' : 'group.subgroups.done.joined', { name }));
    } catch (error) {
      showError(error);
    }
  };
  const deleteIt = async () => {
    const sure = await confirm({
      title: t('group.subgroups.deleteConfirm.title', { name }),
      description: t('group.subgroups.deleteConfirm.description'),
      confirmLabel: t('group.subgroups.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(subgroup.subgroupId);
      showSuccess(t('group.subgroups.done.deleted', { name }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <li className="subgroup-row" data-testid="subgroup" data-subgroup-id={subgroup.subgroupId}>
      <div className="subgroup-head">
        <div>
          <strong data-testid="subgroup-name">{name}</strong>
          {subgroup.isMine && <span className="tag tag-admin">{t('group.subgroups.mine')}</span>}
          <p className="muted subgroup-facts">
            {sportName} · {t(`people.intensity.${subgroup.level.kind}`, { value: intensityValue(subgroup.level) })} ·{' '}
            {t('group.subgroups.membersCount', { count: subgroup.membersCount })}
          </p>
        </div>
        <div className="subgroup-actions">
          {member && (
            <button
              type="button"
              className={subgroup.isMine ? 'btn btn-small btn-outline' : 'btn btn-small btn-primary'}
              data-testid={subgroup.isMine ? 'subgroup-leave' : 'subgroup-join'}
              disabled={pick.isPending}
              onClick={() => void toggleMine()}
            >
              {t(subgroup.isMine ? 'group.subgroups.leave' : 'group.subgroups.join')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-small btn-ghost"
            aria-expanded={open}
            data-testid="subgroup-members-toggle"
            onClick={() => setOpen(!open)}
          >
            {t(open ? 'group.subgroups.hideMembers' : 'group.subgroups.showMembers')}
          </button>
          {group.isAdmin && (
            <button
              type="button"
              className="btn btn-small btn-ghost"
              aria-expanded={editing}
              data-testid="subgroup-edit-toggle"
              onClick={() => setEditing(!editing)}
            >
              {t('group.subgroups.edit')}
            </button>
          )}
          {group.isAdmin && (
            <button
              type="button"
              className="btn btn-small btn-ghost btn-danger"
              data-testid="subgroup-delete"
              disabled={remove.isPending}
              onClick={() => void deleteIt()}
            >
              {t('group.subgroups.delete')}
            </button>
          )}
        </div>
      </div>
      {editing && <SubgroupForm group={group} subgroup={subgroup} onSaved={() => setEditing(false)} />}
      {open && <SubgroupMembers group={group} subgroup={subgroup} />}
    </li>
  );
}

/** Who is in a sub-group, its ride leaders marked; admins add and take out members and name the leaders. */
function SubgroupMembers({ group, subgroup }: { group: Group; subgroup: Subgroup }) {
  const { t } = useTranslation();
  const { groupId } = group;
  const query = useSubgroupMembersQuery(groupId, subgroup.subgroupId, true);
  const assign = useAssignSubgroupMutation(groupId);
  const leader = useLeaderMutation(groupId);
  const members = query.data ?? [];

  const run = async (done: string, call: () => Promise<unknown>) => {
    try {
      await call();
      showSuccess(done);
    } catch (error) {
      showError(error);
    }
  };
  const setLeader = (userId: string, name: string, isLeader: boolean) =>
    run(t(isLeader ? 'group.subgroups.done.leader' : 'group.subgroups.done.notLeader', { name }), () =>
      leader.mutateAsync({ userId, leader: isLeader }),
    );
  const setMember = (userId: string, name: string, member: boolean) =>
    run(t(member ? 'group.subgroups.done.assigned' : 'group.subgroups.done.takenOut', { name }), () =>
      assign.mutateAsync({ subgroupId: subgroup.subgroupId, userId, member }),
    );

  return (
    <div className="subgroup-members" data-testid="subgroup-members">
      {query.isSuccess && members.length === 0 && <p className="muted">{t('group.subgroups.empty')}</p>}
      <ul className="people-list">
        {members.map((m) => (
          <PersonRow
            key={m.userId}
            person={m}
            testId="subgroup-member"
            className="member-row"
            onOpen={() => openProfile(m.userId)}
            subtitle={m.isLeader && <span className="tag tag-admin">{t('group.subgroups.leader')}</span>}
            actions={
              group.isAdmin && (
                <>
                  <button
                    type="button"
                    className="btn btn-small btn-outline"
                    data-testid={m.isLeader ? 'subgroup-remove-leader' : 'subgroup-make-leader'}
                    onClick={() => void setLeader(m.userId, fullName(m), !m.isLeader)}
                  >
                    {t(m.isLeader ? 'group.subgroups.removeLeader' : 'group.subgroups.makeLeader')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-ghost btn-danger"
                    data-testid="subgroup-take-out"
                    onClick={() => void setMember(m.userId, fullName(m), false)}
                  >
                    {t('group.subgroups.takeOut')}
                  </button>
                </>
              )
            }
          />
        ))}
      </ul>
      {group.isAdmin && (
        <AddMember
          group={group}
          inIt={new Set(members.map((m) => m.userId))}
          onAdd={(userId, name) => void setMember(userId, name, true)}
        />
      )}
    </div>
  );
}

/** An admin puts a member of the group in the sub-group (the group's members loaded so far). */
function AddMember({
  group,
  inIt,
  onAdd,
}: {
  group: Group;
  inIt: Set<string>;
  onAdd: (userId: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const query = useGroupMembersQuery(group.groupId, true);
  const candidates = (query.data?.pages.flatMap((p) => p.participants) ?? []).filter((m) => !inIt.has(m.userId));
  const [chosen, setChosen] = useState('');
  if (candidates.length === 0) return null;
  const person = candidates.find((m) => m.userId === chosen);
  return (
    <div className="subgroup-add">
      <select
        aria-label={t('group.subgroups.addMemberLabel')}
        value={chosen}
        data-testid="subgroup-add-member"
        onChange={(e) => setChosen(e.target.value)}
      >
        <option value="">{t('group.subgroups.addMember')}</option>
        {candidates.map((m) => (
          <option key={m.userId} value={m.userId}>
            {fullName(m)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-small btn-outline"
        data-testid="subgroup-add"
        disabled={!person}
        onClick={() => {
          if (!person) return;
          onAdd(person.userId, fullName(person));
          setChosen('');
        }}
      >
        {t('group.subgroups.add')}
      </button>
    </div>
  );
}

/**
 * Admin: a new pace group, with a name (the spec's name rule), a sport and the level it rides at; or, given one,
 * the same form to rename it or change its sport or level.
 */
function SubgroupForm({ group, subgroup, onSaved }: { group: Group; subgroup?: Subgroup; onSaved?: () => void }) {
  const { t } = useTranslation();
  const sports = useSportsQuery().data?.sports ?? [];
  const nameOf = useSportName();
  const offered = group.sportIds.length > 0 ? sports.filter((s) => group.sportIds.includes(s.sportId)) : sports;
  const create = useCreateSubgroupMutation(group.groupId);
  const update = useUpdateSubgroupMutation(group.groupId);
  const [name, setName] = useState(subgroup?.name ?? '');
  const [sportId, setSportId] = useState(subgroup?.sportId ?? '');
  const [kind, setKind] = useState<IntensityKind | ''>(subgroup?.level.kind ?? '');
  const [typed, setTyped] = useState<string | null>(subgroup ? typedIntensity(subgroup.level) : null);
  const [sent, setSent] = useState(false);
  const prefix = subgroup ? 'subgroup-edit' : 'subgroup-new';

  const sport = offered.find((s) => s.sportId === sportId) ?? offered[0];
  const levelKind = sport && (kind && sport.intensityKinds.includes(kind) ? kind : sport.intensityKinds[0]);
  const value = typed ?? (sport && levelKind ? usualIntensity(sport.sportId, levelKind) : '');
  const level = levelKind ? toIntensity(levelKind, value) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (nameProblem(name) || !sport || !level) return;
    const input = { name: name.trim(), sportId: sport.sportId, level };
    try {
      if (subgroup) {
        await update.mutateAsync({ ...input, subgroupId: subgroup.subgroupId });
        showSuccess(t('group.subgroups.done.saved', { name: input.name }));
        onSaved?.();
        return;
      }
      await create.mutateAsync(input);
      showSuccess(t('group.subgroups.done.created', { name: input.name }));
      setName('');
      setTyped(null);
      setSent(false);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <form className="subgroup-new" noValidate onSubmit={submit} data-testid={prefix}>
      {!subgroup && <h4>{t('group.subgroups.new.title')}</h4>}
      <TextField
        label={t('group.subgroups.new.name')}
        value={name}
        onChange={setName}
        problem={nameProblem(name)}
        showProblem={sent}
        hint={t('group.subgroups.new.nameHint')}
        testId={`${prefix}-name`}
      />
      <div className="field">
        <label htmlFor={`${prefix}-sport-${subgroup?.subgroupId ?? 'new'}`}>{t('group.subgroups.new.sport')}</label>
        <select
          id={`${prefix}-sport-${subgroup?.subgroupId ?? 'new'}`}
          value={sport?.sportId ?? ''}
          data-testid={`${prefix}-sport`}
          onChange={(e) => {
            setSportId(e.target.value);
            setTyped(null);
          }}
        >
          {offered.map((s) => (
            <option key={s.sportId} value={s.sportId}>
              {nameOf(s)}
            </option>
          ))}
        </select>
      </div>
      {sport && levelKind && (
        <fieldset className="intensity-row">
          <legend>{t('group.subgroups.new.level')}</legend>
          <IntensityInput
            sport={sport}
            kind={levelKind}
            onKind={(k) => {
              setKind(k);
              setTyped(null);
            }}
            typed={value}
            onTyped={setTyped}
            invalid={sent && !level}
            kindTestId={`${prefix}-kind`}
            valueTestId={`${prefix}-value`}
          />
          {sent && !level && (
            <p className="field-problem" role="alert">
              {t('auth.profile.intensity.invalid')}
            </p>
          )}
        </fieldset>
      )}
      {/* Until the sports have loaded there is nothing to choose: the button waits rather than doing nothing. */}
      <button
        type="submit"
        className="btn btn-primary"
        data-testid={`${prefix}-submit`}
        disabled={create.isPending || update.isPending || !sport}
      >
        {t(subgroup ? 'group.subgroups.save' : 'group.subgroups.new.create')}
      </button>
    </form>
  );
}

function useSportNameOf(sportId: string) {
  const sports = useSportsQuery().data?.sports ?? [];
  const nameOf = useSportName();
  const sport = sports.find((s) => s.sportId === sportId);
  return sport ? nameOf(sport) : sportId;
}
