import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AdminCallInput,
  type AdminCallName,
  type AdminCallResponse,
  adminCallPath,
  type ErrorBody,
} from '@cordata/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { sports } from '../../db/schema.ts';
import { migrationsFolder } from '../../paths.ts';
import { SEED_SPORTS } from './sports.seed.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof newUser>>;
let user: Awaited<ReturnType<typeof newUser>>;

async function adminOk<K extends AdminCallName>(name: K, body: AdminCallInput<K>) {
  const res = await t.app.inject({
    method: 'POST',
    url: adminCallPath(name),
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const answer = res.json() as AdminCallResponse<K> & Partial<ErrorBody>;
  if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${JSON.stringify(answer)}`);
  return answer;
}
const listed = async (sportId: string) =>
  (await t.ok('sport/list-all', undefined, user.token)).sports.find((s) => s.sportId === sportId);

beforeAll(async () => {
  t = await createTestApp();
  admin = await newUser(t, { role: 'ADMIN' });
  user = await newUser(t);
});
afterAll(() => t.close());

describe('sport names in every language', () => {
  it('lists the seed sports in all five languages', async () => {
    const { sports: all } = await t.ok('sport/list-all', undefined, user.token);
    for (const seed of SEED_SPORTS) {
      const sport = all.find((s) => s.sportId === seed.id);
      expect(sport?.names, seed.id).toEqual({ en: seed.en, it: seed.it, de: seed.de, fr: seed.fr, es: seed.es });
    }
  });

  it('an operator may leave German, French and Spanish out: the app then shows the English name', async () => {
    const created = await adminOk('sports/create', {
      sportId: 'packrafting',
      names: { en: 'Packrafting', it: 'Packraft', de: 'Packraften' },
      icon: 'packrafting',
      intensityKinds: ['DISTANCE', 'TIME'],
    });
    // The admin list shows what is missing; the app fills it with English.
    expect(created.sport.names).toEqual({ en: 'Packrafting', it: 'Packraft', de: 'Packraften', fr: null, es: null });
    expect((await listed('packrafting'))?.names).toEqual({
      en: 'Packrafting',
      it: 'Packraft',
      de: 'Packraften',
      fr: 'Packrafting',
      es: 'Packrafting',
    });

    // A rename gives all the names at once: German left out is cleared.
    const renamed = await adminOk('sports/update', {
      sportId: 'packrafting',
      names: { en: 'Packraft trips', it: 'Packraft', fr: 'Packraft', es: 'Packraft' },
    });
    expect(renamed.sport.names).toEqual({
      en: 'Packraft trips',
      it: 'Packraft',
      de: null,
      fr: 'Packraft',
      es: 'Packraft',
    });
    expect((await listed('packrafting'))?.names.de).toBe('Packraft trips');

    // A change without names keeps them.
    const retired = await adminOk('sports/update', { sportId: 'packrafting', retired: true });
    expect(retired.sport.names).toEqual(renamed.sport.names);
  });

  it('the migration names the seed sports of an older database as the seed does', async () => {
    const ids = SEED_SPORTS.map((s) => s.id);
    // A database seeded before the migration: the seed sports without German, French and Spanish names.
    await t.db.update(sports).set({ nameDe: null, nameFr: null, nameEs: null }).where(inArray(sports.id, ids));
    const migration = readFileSync(join(migrationsFolder, '0042_sport_names.sql'), 'utf8');
    const updates = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(SEED_SPORTS.length);
    for (const statement of updates) await t.db.execute(sql.raw(statement));

    const rows = await t.db
      .select({ id: sports.id, de: sports.nameDe, fr: sports.nameFr, es: sports.nameEs })
      .from(sports)
      .where(inArray(sports.id, ids));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      SEED_SPORTS.map(({ id, de, fr, es }) => ({ id, de, fr, es })).sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
