import type { GearItem } from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import { toUserSummary } from '../users/user-summary.ts';
import { createGearRepository, type GearRepository, type ItemRow } from './gear.repository.ts';
import { GEAR_TEMPLATE_KEYS, gearTemplate } from './gear-templates.ts';
import type { Participation } from './participation.ts';

/** Group gear someone claims, and each person's private checklist (never shown to anyone else). */
export function createGearService(deps: {
  db: Db;
  access: Pick<Access, 'require'>;
  participation: Participation;
  /** The gear's SQL; made from `db` when not given. */
  repo?: GearRepository;
}) {
  const { db, participation } = deps;
  const repo = deps.repo ?? createGearRepository(db);

  async function views(
    rows: ItemRow[],
    viewerId: string,
    viewerIsAdmin: boolean,
    tx: DbOrTx = db,
  ): Promise<GearItem[]> {
    const ids = [...new Set(rows.map((r) => r.claimedBy).filter((id): id is string => !!id))];
    const people = ids.length ? await repo.people(ids, tx) : [];
    const byId = new Map(people.map((p) => [p.userId, toUserSummary(p)]));
    return rows.map((r) => ({
      itemId: r.id,
      name: r.name,
      required: r.required,
      claimedBy: r.claimedBy ? (byId.get(r.claimedBy) ?? null) : null,
      checked: r.checked,
      personal: r.personalFor !== null,
      templateKey: r.templateKey,
      canRemove: r.personalFor === viewerId || viewerIsAdmin || (r.personalFor === null && r.createdBy === viewerId),
    }));
  }

  async function list(activityId: string, viewerId: string) {
    const { activity, isOrganiser: isAdmin } = await deps.access.require('activity', activityId, viewerId, {
      as: 'participant',
    });
    const rows = await repo.itemsFor(activityId, viewerId, db);
    const all = await views(rows, viewerId, isAdmin);
    const items = all.filter((i) => !i.personal);
    const checklist = all.filter((i) => i.personal);
    const added = new Set(rows.map((r) => `${r.personalFor ? 'p' : 'g'}:${r.templateKey}`));
    const suggestions = gearTemplate({
      sportId: activity.sportId,
      difficulty: activity.difficulty,
      date: activity.date,
      latitude: activity.startLatitude,
    }).filter((s) => !added.has(`g:${s.templateKey}`));
    return { items, checklist, suggestions };
  }

  async function addItem(
    input: { activityId: string; name?: string; templateKey?: string; required: boolean; personal: boolean },
    userId: string,
  ) {
    const { isOrganiser: isAdmin } = await deps.access.require('activity', input.activityId, userId, {
      as: 'participant',
    });
    if (input.templateKey && !GEAR_TEMPLATE_KEYS.includes(input.templateKey)) throw new ApiError('GEAR_NOT_FOUND');
    const name = input.name ?? input.templateKey;
    if (!name) throw new ApiError('VALIDATION_ERROR', { issues: [{ path: 'name', message: '* Required field' }] });
    // Only the organisers decide what is required for everyone.
    if (input.required && !input.personal && !isAdmin) throw new ApiError('FORBIDDEN');
    const personalFor = input.personal ? userId : null;
    const row = await db.transaction(async (tx) => {
      if (await repo.hasItem({ activityId: input.activityId, personalFor, templateKey: input.templateKey, name }, tx))
        throw new ApiError('GEAR_DUPLICATE');
      return repo.insert(
        {
          activityId: input.activityId,
          name,
          templateKey: input.templateKey ?? null,
          required: !input.personal && input.required,
          personalFor,
          createdBy: userId,
        },
        tx,
      );
    });
    if (!personalFor) await participation.broadcast({ activityId: input.activityId, kind: 'gear' });
    const [item] = await views([row], userId, isAdmin);
    return { item: item! };
  }

  /** The item, when the caller may see it (a group item of an activity they take part in, or their own). */
  async function visibleItem(itemId: string, userId: string) {
    const row = await repo.item(itemId, db);
    if (!row || (row.personalFor && row.personalFor !== userId)) throw new ApiError('GEAR_NOT_FOUND');
    const { isOrganiser: isAdmin } = await deps.access.require('activity', row.activityId, userId, {
      as: 'participant',
    });
    return { row, isAdmin };
  }

  async function claim(input: { itemId: string; claimed: boolean }, userId: string) {
    const { row, isAdmin } = await visibleItem(input.itemId, userId);
    if (row.personalFor) throw new ApiError('GEAR_NOT_FOUND');
    // One statement decides, so two people tapping "I bring it" at once cannot both win.
    const updated = input.claimed
      ? await repo.claim(row.id, userId, db)
      : await repo.unclaim(row.id, userId, isAdmin, db);
    if (!updated) throw new ApiError(input.claimed ? 'GEAR_ALREADY_CLAIMED' : 'FORBIDDEN');
    await participation.broadcast({ activityId: row.activityId, kind: 'gear' });
    const [item] = await views([updated], userId, isAdmin);
    return { item: item! };
  }

  async function check(input: { itemId: string; checked: boolean }, userId: string) {
    const { row, isAdmin } = await visibleItem(input.itemId, userId);
    if (row.personalFor !== userId) throw new ApiError('GEAR_NOT_FOUND');
    const updated = await repo.check(row.id, input.checked, db);
    const [item] = await views([updated], userId, isAdmin);
    return { item: item! };
  }

  async function removeItem(itemId: string, userId: string) {
    const { row, isAdmin } = await visibleItem(itemId, userId);
    const [view] = await views([row], userId, isAdmin);
    if (!view!.canRemove) throw new ApiError('FORBIDDEN');
    await repo.remove(row.id, db);
    if (!row.personalFor) await participation.broadcast({ activityId: row.activityId, kind: 'gear' });
    return { ok: true as const };
  }

  return { list, addItem, claim, check, removeItem };
}

export type GearService = ReturnType<typeof createGearService>;
