import { type CallName, callNames, calls } from '@cordata/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { jsonSchemaOf } from '../../../test/security/samples.ts';
import { checkViewerMapped, PLACES_OF_NO_ONE_ELSE } from '../../../test/viewer-mapped-check.ts';
import { PLACE_KEYS, unmappedPlaces, viewerMapped } from './viewer-mapped.ts';

/**
 * Issue 36's guard: a call whose answer carries a place, a route, a position or a figure measured from them fails
 * every test that calls it unless a viewer-aware mapper built those objects (test/app.ts runs the check on every
 * answer). Here: the check catches a handler that builds a point by hand, and its list of exempt calls holds to the
 * contract.
 */

/** True when a call's answer schema has an object with one of the place keys. */
function carriesPlaces(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(carriesPlaces);
  if (!schema || typeof schema !== 'object') return false;
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (properties && PLACE_KEYS.some((key) => key in properties)) return true;
  return Object.values(schema).some(carriesPlaces);
}

const PREFIX = '/api';
const start = { latitude: 45.4642, longitude: 9.19 };

/** A bare app answering `call` with `handler`, under the tests' check; returns what the check found. */
async function answerThrough(call: CallName, handler: () => unknown) {
  const app = Fastify();
  const found: string[] = [];
  checkViewerMapped(app, PREFIX, (name, paths) => found.push(`${name}: ${paths.join('; ')}`));
  app.post(`${PREFIX}/${call}`, async () => handler());
  const response = await app.inject({ method: 'POST', url: `${PREFIX}/${call}` });
  await app.close();
  expect(response.statusCode).toBe(200);
  return found;
}

describe('the viewer-mapped check', () => {
  it('catches a handler that builds a point by hand', async () => {
    const found = await answerThrough('activity/read-info', () => ({ activity: { activityId: 'a', start } }));
    expect(found).toEqual(['activity/read-info: $.activity.start (latitude, longitude)']);
  });

  it('catches a copy of a mapped answer with a place put back, and a figure measured from a place', async () => {
    const mapped = viewerMapped({ activityId: 'a', start: null });
    expect(await answerThrough('activity/read-info', () => ({ activity: { ...mapped, start } }))).toHaveLength(1);
    expect(
      await answerThrough('activity/nearby-activities', () => ({ activities: [{ activityId: 'a', distance: 500 }] })),
    ).toEqual(['activity/nearby-activities: $.activities[0] (distance)']);
  });

  it('lets through what a mapper built, and the calls whose places are nobody else’s', async () => {
    expect(await answerThrough('activity/read-info', () => ({ activity: viewerMapped({ start }) }))).toEqual([]);
    expect(await answerThrough('location/autocomplete', () => ({ places: [start] }))).toEqual([]);
  });

  it('marks by identity: a mapped object’s parts taken into another answer are its own, a new one is not', () => {
    const line = viewerMapped([start, start]);
    expect(unmappedPlaces({ route: { points: line } })).toEqual([]);
    expect(unmappedPlaces({ route: { points: [...line] } })).toEqual([
      '$.route.points[0] (latitude, longitude)',
      '$.route.points[1] (latitude, longitude)',
    ]);
  });
});

describe('the calls the check covers', () => {
  const carrying = callNames.filter((name) => carriesPlaces(jsonSchemaOf(calls[name].response)));

  it('exempts only calls whose answers carry places', () => {
    const stale = Object.keys(PLACES_OF_NO_ONE_ELSE).filter((name) => !carrying.includes(name as CallName));
    expect(stale).toEqual([]);
  });

  it('checks every call that answers an activity, a route, its weather, a track, positions or a file', () => {
    const checked = carrying.filter((name) => !(name in PLACES_OF_NO_ONE_ELSE));
    for (const name of [
      'activity/read-info',
      'activity/nearby-activities',
      'activity/list-daily',
      'group/list-activities',
      'group/list-next-activities',
      'activity/weather',
      'activity/read-recap',
      'activity/safety',
      'route/export-gpx',
      'calendar/activity-ics',
    ] as const) {
      expect(checked, name).toContain(name);
    }
  });
});
