/**
 * Privacy inside the mappers (issue 36, docs/privacy.md). Every answer that carries a place, a route, a position or a
 * figure measured from them is built by a mapper that takes what the viewer may see (a ZonesForViewer, the meeting
 * area): the activity summary and page, the weather points, the safety positions, the recap track, the GPX and ICS
 * files. Each such mapper marks the object it built. The tests' app (test/viewer-mapped-check.ts) refuses an answer
 * holding a place outside a marked object, so a handler that builds a point by hand fails every test that calls it.
 *
 * The mark is the object's identity, not a property: a copy (`{ ...summary, start }`) is not marked, and nothing a
 * client sends or the database returns can carry it.
 */
const built = new WeakSet<object>();

/** Marks `value` as built by a viewer-aware mapper; returns it. */
export function viewerMapped<T extends object>(value: T): T {
  built.add(value);
  return value;
}

/**
 * Marks, in `copy` (a serialized and parsed copy of `original`: the same shape, undeclared fields dropped), the
 * objects whose counterparts in `original` a viewer-aware mapper built: the outing pack holds answers as the wire
 * carries them, and a place in them is accepted only where the answer it was written from was mapped.
 */
export function keepMarks(original: unknown, copy: unknown) {
  if (!original || typeof original !== 'object' || !copy || typeof copy !== 'object') return;
  if (built.has(original)) built.add(copy);
  if (Array.isArray(original) && Array.isArray(copy)) {
    copy.forEach((item, i) => {
      keepMarks(original[i], item);
    });
    return;
  }
  for (const [key, item] of Object.entries(copy)) keepMarks((original as Record<string, unknown>)[key], item);
}

/** The keys that carry a place, a route, a position or a figure measured from them (a GPX or ICS file). */
export const PLACE_KEYS: readonly string[] = [
  'latitude',
  'longitude',
  'routeSteps',
  'meetingArea',
  'distance',
  'gpx',
  'ics',
];

/** The paths of the objects of `answer` that carry a place key outside any object a viewer-aware mapper built. */
export function unmappedPlaces(answer: unknown, path = '$'): string[] {
  if (!answer || typeof answer !== 'object' || built.has(answer)) return [];
  if (Array.isArray(answer)) return answer.flatMap((item, i) => unmappedPlaces(item, `${path}[${i}]`));
  const record = answer as Record<string, unknown>;
  const here = PLACE_KEYS.filter((key) => record[key] !== undefined && record[key] !== null);
  return [
    ...(here.length > 0 ? [`${path} (${here.join(', ')})`] : []),
    ...Object.entries(record).flatMap(([key, item]) => unmappedPlaces(item, `${path}.${key}`)),
  ];
}
