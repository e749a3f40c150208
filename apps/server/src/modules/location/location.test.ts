import type { Language } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newUser(t)).token;
});
afterAll(() => t.close());

const search = async (query: string, near?: { latitude: number; longitude: number }, language?: Language) =>
  (await t.ok('location/autocomplete', { query, near, language }, token)).results;
const first = async (query: string, near?: { latitude: number; longitude: number }) =>
  (await search(query, near))[0]?.label;

describe('location/autocomplete: search quality on a fixed list', () => {
  it.each([
    ['forli', 'Forlì, Emilia-Romagna, Italy'],
    ['Forlì', 'Forlì, Emilia-Romagna, Italy'],
    ['TRENTO', 'Trento, Trentino-Alto Adige, Italy'],
    ['bologna', 'Bologna, Emilia-Romagna, Italy'],
    ['Bergam', 'Bergamo, Lombardy, Italy'],
    ['cantu', 'Cantù, Lombardy, Italy'],
    ['SAN DONA DI PIAVE', 'San Donà di Piave, Veneto, Italy'],
    ['Reggio Emilia', 'Reggio Emilia, Emilia-Romagna, Italy'],
    ['aosta', 'Aosta, Aosta Valley, Italy'],
    ['koln', 'Cologne, North Rhine-Westphalia, Germany'],
    ['Köln', 'Cologne, North Rhine-Westphalia, Germany'],
    ['zurich', 'Zurich, Switzerland'],
    ['Genève', 'Geneva, Switzerland'],
    ['innsbruck', 'Innsbruck, Tyrol, Austria'],
    ['Chamonix', 'Chamonix-Mont-Blanc, Auvergne-Rhône-Alpes, France'],
    ['ljubljana', 'Ljubljana, Slovenia'],
  ])('%s → %s', async (query, label) => {
    expect(await first(query)).toBe(label);
  });

  it.each([
    ['Milan', 'Milano'],
    ['Turin', 'Torino'],
    ['Florence', 'Firenze'],
    ['Venice', 'Venezia'],
    ['Rome', 'Roma'],
    ['Naples', 'Napoli'],
    ['Genoa', 'Genova'],
    ['Padua', 'Padova'],
    ['Munich', 'Monaco di Baviera'],
    ['Vienna', 'Wien'],
    ['Geneva', 'Ginevra'],
    ['Zurich', 'Zurigo'],
    ['Lisbon', 'Lisbona'],
    ['London', 'Londra'],
    ['Paris', 'Parigi'],
  ])('the English %s and the Italian %s find the same place', async (english, italian) => {
    const [a] = await search(english);
    const [b] = await search(italian);
    expect(a?.placeId).toBeDefined();
    expect(b?.placeId).toBe(a?.placeId);
  });

  it.each([
    ['Bolgona', 'Bologna, Emilia-Romagna, Italy'],
    ['Milno', 'Milan, Lombardy, Italy'],
    ['Veroma', 'Verona, Veneto, Italy'],
    ['Trnto', 'Trento, Trentino-Alto Adige, Italy'],
    ['Firense', 'Florence, Tuscany, Italy'],
    ['Pdova', 'Padua, Veneto, Italy'],
    ['Innsbrukc', 'Innsbruck, Tyrol, Austria'],
  ])('forgives one typo: %s → %s (searching from Milan, as the app does)', async (query, label) => {
    expect(await first(query, { latitude: 45.46, longitude: 9.19 })).toBe(label);
  });

  it('prefers the nearer of two places with the same name', async () => {
    const slubice = { latitude: 52.35, longitude: 14.56 };
    const mainz = { latitude: 50.0, longitude: 8.27 };
    expect(await first('Frankfurt', slubice)).toBe('Frankfurt (Oder), Brandenburg, Germany');
    expect(await first('Frankfurt', mainz)).toBe('Frankfurt am Main, Hesse, Germany');
    expect(await first('Frankfurt')).toBe('Frankfurt am Main, Hesse, Germany');

    const modena = { latitude: 44.65, longitude: 10.92 };
    const treviso = { latitude: 45.67, longitude: 12.24 };
    expect(await first('Castelfranco', modena)).toBe('Castelfranco Emilia, Emilia-Romagna, Italy');
    expect(await first('Castelfranco', treviso)).toBe('Castelfranco Veneto, Veneto, Italy');

    const lecce = { latitude: 40.35, longitude: 18.17 };
    expect(await first('San Donato', lecce)).toBe('San Donato di Lecce, Apulia, Italy');
    expect(await first('San Donato')).toBe('San Donato Milanese, Lombardy, Italy');
  });

  it("ranks the other language's exonym lower: Monaco is Munich only in Italian", async () => {
    const milan = { latitude: 45.46, longitude: 9.19 };
    expect((await search('Monaco', milan, 'en'))[0]?.label).toBe('Monaco');
    expect((await search('Monaco', milan, 'it'))[0]?.label).toBe('Monaco di Baviera, Baviera, Germania');
    expect((await search('Milano', milan, 'en'))[0]?.label).toBe('Milan, Lombardy, Italy');
    expect((await search('Munich', milan, 'it'))[0]?.label).toBe('Monaco di Baviera, Baviera, Germania');
  });

  it('ranks by population: a short prefix finds the big city first', async () => {
    expect(await first('Mil')).toBe('Milan, Lombardy, Italy');
    expect(await first('Rom')).toBe('Rome, Lazio, Italy');
  });

  it('speaks Italian when asked, in the body or in Accept-Language', async () => {
    const [milano] = await search('Milan', undefined, 'it');
    expect(milano?.label).toBe('Milano, Lombardia, Italia');
    const [munich] = await search('München', undefined, 'it');
    expect(munich?.label).toBe('Monaco di Baviera, Baviera, Germania');

    const res = await t.app.inject({
      method: 'POST',
      url: `${t.config.apiPrefix}/location/autocomplete`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' },
      payload: { query: 'firenze' },
    });
    expect(res.json().results[0].label).toBe('Firenze, Toscana, Italia');
  });

  it('speaks German, Spanish and French, with the English name where theirs is the same', async () => {
    expect((await search('Mailand', undefined, 'de'))[0]?.label).toBe('Mailand, Lombardei, Italien');
    expect((await search('Milán', undefined, 'es'))[0]?.label).toBe('Milán, Lombardía, Italia');
    expect((await search('Milan', undefined, 'fr'))[0]?.label).toBe('Milan, Lombardie, Italie');
  });

  it('answers at most 8 places with their coordinates, and nothing for a query of symbols', async () => {
    const results = await search('san');
    expect(results).toHaveLength(8);
    for (const r of results) {
      expect(r.placeId).toMatch(/^gn:\d+$/);
      expect(Math.abs(r.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(r.longitude)).toBeLessThanOrEqual(180);
    }
    expect(await search('!!!')).toEqual([]);
    expect(await search('zzzzqqqqxxxx')).toEqual([]);
  });
});

describe('location/get-point', () => {
  it('gives the coordinates and label of a place autocomplete found', async () => {
    const [milan] = await search('Milano');
    const point = await t.ok('location/get-point', { placeId: milan!.placeId }, token);
    expect(point).toEqual({ latitude: 45.46427, longitude: 9.18951, label: 'Milan, Lombardy, Italy' });
    expect(point.latitude).toBe(milan!.latitude);
    const italian = await t.ok('location/get-point', { placeId: milan!.placeId, language: 'it' }, token);
    expect(italian.label).toBe('Milano, Lombardia, Italia');
  });

  it.each(['gn:1', 'gn:abc', 'gn:', 'gn:-5', 'gn:99999999999', 'photon:xyz', 'Milano'])(
    'answers 404 PLACE_NOT_FOUND for the unknown id %s',
    async (placeId) => {
      const res = await t.call('location/get-point', { placeId }, token);
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('PLACE_NOT_FOUND');
      expect(res.body.error?.message).toBe('Place not found');
    },
  );
});

describe('location/get-address', () => {
  it.each([
    [45.4642, 9.19, 'en', { label: 'Milan, Lombardy, Italy', city: 'Milan', country: 'Italy' }],
    [45.4642, 9.19, 'it', { label: 'Milano, Lombardia, Italia', city: 'Milano', country: 'Italia' }],
    [45.4642, 9.19, 'de', { label: 'Mailand, Lombardei, Italien', city: 'Mailand', country: 'Italien' }],
    [45.4642, 9.19, 'es', { label: 'Milán, Lombardía, Italia', city: 'Milán', country: 'Italia' }],
    [45.4642, 9.19, 'fr', { label: 'Milan, Lombardie, Italie', city: 'Milan', country: 'Italie' }],
    [41.9, 12.49, 'en', { label: 'Rome, Lazio, Italy', city: 'Rome', country: 'Italy' }],
    [41.9, 12.49, 'it', { label: 'Roma, Lazio, Italia', city: 'Roma', country: 'Italia' }],
    [44.2218, 12.0414, 'en', { label: 'Forlì, Emilia-Romagna, Italy', city: 'Forlì', country: 'Italy' }],
    [48.8566, 2.3522, 'it', { label: 'Parigi, Île-de-France, Francia', city: 'Parigi', country: 'Francia' }],
  ] as const)('(%f, %f) in %s', async (latitude, longitude, language, address) => {
    expect(await t.ok('location/get-address', { latitude, longitude, language }, token)).toEqual({ address });
  });

  it('works across the antimeridian', async () => {
    // Egvekinot lies at 179.12° W: from 179.9° E it is about 45 km east.
    const { address } = await t.ok('location/get-address', { latitude: 66.32, longitude: 179.9 }, token);
    expect(address).toEqual({ label: 'Egvekinot, Russia', city: 'Egvekinot', country: 'Russia' });
  });

  it('answers 404 far from any place (mid-Atlantic)', async () => {
    const res = await t.call('location/get-address', { latitude: 0, longitude: -30 }, token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('PLACE_NOT_FOUND');
  });
});

describe('bad input', () => {
  const cases: [string, () => ReturnType<TestApp['call']>][] = [
    ['an empty query', () => t.call('location/autocomplete', { query: '' }, token)],
    ['a query of spaces', () => t.call('location/autocomplete', { query: '   ' }, token)],
    ['a query of 101 letters', () => t.call('location/autocomplete', { query: 'a'.repeat(101) }, token)],
    ['a query that is a number', () => t.call('location/autocomplete', { query: 42 } as never, token)],
    [
      'near out of range',
      () => t.call('location/autocomplete', { query: 'a', near: { latitude: 91, longitude: 0 } }, token),
    ],
    ['an unknown language', () => t.call('location/autocomplete', { query: 'a', language: 'xx' } as never, token)],
    ['a latitude of 100', () => t.call('location/get-address', { latitude: 100, longitude: 9 }, token)],
    ['a longitude of -181', () => t.call('location/get-address', { latitude: 45, longitude: -181 }, token)],
    ['a missing longitude', () => t.call('location/get-address', { latitude: 45 } as never, token)],
    ['coordinates as text', () => t.call('location/get-address', { latitude: '45', longitude: '9' } as never, token)],
    ['an empty place id', () => t.call('location/get-point', { placeId: '' }, token)],
    ['a place id of 601 characters', () => t.call('location/get-point', { placeId: 'x'.repeat(601) }, token)],
  ];
  it.each(cases)('%s is a 400 VALIDATION_ERROR', async (_, call) => {
    const res = await call();
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_ERROR');
  });

  it('a call with no body is a 400, and one without a token a 401', async () => {
    expect((await t.call('location/autocomplete', undefined, token)).status).toBe(400);
    expect((await t.call('location/autocomplete', { query: 'milano' })).status).toBe(401);
    expect((await t.call('location/get-address', { latitude: 45, longitude: 9 })).status).toBe(401);
    expect((await t.call('location/get-point', { placeId: 'gn:3173435' })).status).toBe(401);
  });
});
