import { describe, expect, it } from 'vitest';
import { toSport } from './sports.service.ts';

const row = {
  id: 'sup',
  nameEn: 'Stand-up paddle',
  nameIt: 'SUP',
  nameDe: null as string | null,
  nameFr: null as string | null,
  nameEs: null as string | null,
  icon: 'sup',
  intensityKinds: ['DISTANCE', 'TIME'],
  sortOrder: 0,
  retiredAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

describe('a sport as the app sees it', () => {
  it('has a name in every language: its own where it has one, else the English one', () => {
    expect(toSport({ ...row, nameDe: 'Stehpaddeln' })).toEqual({
      sportId: 'sup',
      name: 'Stand-up paddle',
      names: { en: 'Stand-up paddle', it: 'SUP', de: 'Stehpaddeln', fr: 'Stand-up paddle', es: 'Stand-up paddle' },
      icon: 'sup',
      intensityKinds: ['DISTANCE', 'TIME'],
    });
    expect(toSport({ ...row, nameFr: 'Paddle', nameEs: 'Paddle surf' }).names).toMatchObject({
      de: 'Stand-up paddle',
      fr: 'Paddle',
      es: 'Paddle surf',
    });
  });
});
