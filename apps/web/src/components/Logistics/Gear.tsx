import type { Activity, GearItem } from '@cordata/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddGearMutation,
  useCheckGearMutation,
  useClaimGearMutation,
  useGearQuery,
  useRemoveGearMutation,
} from '../../state/queries/logistics.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { showError } from '../feedback.ts';
import { fullName } from '../People/format.ts';

/** An item's name in the reader's language: template items by their key, others as written. */
function useGearName() {
  const { t } = useTranslation();
  return (item: { name?: string; templateKey: string | null }) =>
    item.templateKey
      ? t(`logistics.gear.templates.${item.templateKey}`, { defaultValue: item.name ?? item.templateKey })
      : (item.name ?? '');
}

/** Gear of an activity: group items someone claims ("I bring it"), suggestions for the sport, and a private checklist. */
export function Gear({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const { activityId } = activity;
  const query = useGearQuery(activityId);
  const add = useAddGearMutation(activityId);
  const name = useGearName();
  const data = query.data;
  return (
    <section className="logistics-card" data-testid="gear">
      <h3>{t('logistics.gear.title')}</h3>
      <p className="muted">{t('logistics.gear.intro')}</p>
      {query.isError && <p className="error">{t('errors.INTERNAL')}</p>}
      {data && (
        <>
          <h4>{t('logistics.gear.groupItems')}</h4>
          {data.items.length === 0 && <p className="muted">{t('logistics.gear.empty')}</p>}
          <ul className="logistics-list">
            {data.items.map((item) => (
              <GroupItem key={item.itemId} activityId={activityId} item={item} />
            ))}
          </ul>
          {data.suggestions.length > 0 && (
            <div className="logistics-block" data-testid="gear-suggestions">
              <h4>{t('logistics.gear.suggestions')}</h4>
              <div className="gear-chips">
                {data.suggestions.map((s) => (
                  <button
                    key={s.templateKey}
                    type="button"
                    className="chip"
                    data-testid={`gear-suggest-${s.templateKey}`}
                    disabled={add.isPending}
                    onClick={() =>
                      add.mutate(
                        // Only an admin's suggestion becomes required for everyone.
                        { templateKey: s.templateKey, name: name(s), required: activity.isAdmin && s.required },
                        { onError: (e) => showError(e) },
                      )
                    }
                  >
                    + {name(s)}
                    {s.required && ` · ${t('logistics.gear.required')}`}
                  </button>
                ))}
              </div>
            </div>
          )}
          <AddItem activityId={activityId} personal={false} canRequire={activity.isAdmin} />

          <h4>{t('logistics.gear.checklist')}</h4>
          {data.checklist.length === 0 && <p className="muted">{t('logistics.gear.checklistEmpty')}</p>}
          <ul className="logistics-list">
            {data.checklist.map((item) => (
              <ChecklistItem key={item.itemId} activityId={activityId} item={item} />
            ))}
          </ul>
          <AddItem activityId={activityId} personal canRequire={false} />
        </>
      )}
    </section>
  );
}

function GroupItem({ activityId, item }: { activityId: string; item: GearItem }) {
  const { t } = useTranslation();
  const name = useGearName();
  const claim = useClaimGearMutation(activityId);
  const remove = useRemoveGearMutation(activityId);
  const me = useOwnProfileQuery().data?.user.userId;
  return (
    <li className="logistics-item" data-testid="gear-item" data-claimed={!!item.claimedBy}>
      <div className="logistics-item-main">
        <strong>{name(item)}</strong>
        {item.required && <span className="tag tag-required">{t('logistics.gear.required')}</span>}
      </div>
      <p className="muted" data-testid="gear-claimed-by">
        {item.claimedBy
          ? t('logistics.gear.broughtBy', { name: fullName(item.claimedBy) })
          : t('logistics.gear.nobody')}
      </p>
      <div className="logistics-actions">
        <ClaimButton
          item={item}
          busy={claim.isPending}
          mine={!!me && item.claimedBy?.userId === me}
          onClaim={(claimed) => claim.mutate({ itemId: item.itemId, claimed }, { onError: (e) => showError(e) })}
        />
        {item.canRemove && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="gear-remove"
            disabled={remove.isPending}
            onClick={() => remove.mutate(item.itemId, { onError: (e) => showError(e) })}
          >
            {t('logistics.gear.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

function ClaimButton({
  item,
  busy,
  mine,
  onClaim,
}: {
  item: GearItem;
  busy: boolean;
  mine: boolean;
  onClaim: (claimed: boolean) => void;
}) {
  const { t } = useTranslation();
  if (!item.claimedBy)
    return (
      <button
        type="button"
        className="btn btn-primary"
        data-testid="gear-claim"
        disabled={busy}
        onClick={() => onClaim(true)}
      >
        {t('logistics.gear.iBring')}
      </button>
    );
  // Someone else's claim shows their name only; one's own can be let go.
  if (!mine) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost"
      data-testid="gear-unclaim"
      disabled={busy}
      onClick={() => onClaim(false)}
    >
      {t('logistics.gear.letGo')}
    </button>
  );
}

function ChecklistItem({ activityId, item }: { activityId: string; item: GearItem }) {
  const { t } = useTranslation();
  const name = useGearName();
  const check = useCheckGearMutation(activityId);
  const remove = useRemoveGearMutation(activityId);
  const id = useId();
  return (
    <li className="logistics-item checklist-item" data-testid="checklist-item">
      <input
        id={id}
        type="checkbox"
        checked={item.checked}
        data-testid="checklist-check"
        onChange={(e) =>
          check.mutate({ itemId: item.itemId, checked: e.target.checked }, { onError: (err) => showError(err) })
        }
      />
      <label htmlFor={id}>{name(item)}</label>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={t('logistics.gear.remove')}
        onClick={() => remove.mutate(item.itemId, { onError: (err) => showError(err) })}
      >
        ×
      </button>
    </li>
  );
}

function AddItem({ activityId, personal, canRequire }: { activityId: string; personal: boolean; canRequire: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const requiredId = useId();
  const [name, setName] = useState('');
  const [required, setRequired] = useState(false);
  const add = useAddGearMutation(activityId);
  const prefix = personal ? 'checklist' : 'gear';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    add.mutate(
      { name: name.trim(), personal, required: canRequire && required },
      { onSuccess: () => setName(''), onError: (err) => showError(err) },
    );
  };
  return (
    <form className="logistics-inline-form" onSubmit={submit} data-testid={`${prefix}-add-form`}>
      <label htmlFor={inputId} className="visually-hidden">
        {personal ? t('logistics.gear.addToChecklist') : t('logistics.gear.addItem')}
      </label>
      <input
        id={inputId}
        value={name}
        maxLength={60}
        placeholder={personal ? t('logistics.gear.addToChecklist') : t('logistics.gear.addItem')}
        data-testid={`${prefix}-add-input`}
        onChange={(e) => setName(e.target.value)}
      />
      {canRequire && (
        <label htmlFor={requiredId} className="gear-required-toggle">
          <input id={requiredId} type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          {t('logistics.gear.required')}
        </label>
      )}
      <button type="submit" className="btn btn-outline" data-testid={`${prefix}-add`} disabled={add.isPending}>
        {t('logistics.gear.add')}
      </button>
    </form>
  );
}
