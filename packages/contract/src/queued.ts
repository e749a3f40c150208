/**
 * The text a queued event's signature covers (docs/safety.md "Without signal"), without zod: the app signs with it at
 * run time, so it sits on a side-effect-free subpath like the constants.
 */

/** Every field of a queued event but its signature. */
export interface QueuedEventFields {
  id: string;
  kind: string;
  activityId: string;
  personId: string;
  occurredAt: string;
  deviceKeyId: string;
  payload: object;
}

/** JSON with its keys sorted, at every depth: the same text on the phone and on the server. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text a queued event's signature covers: every field but the signature, one a line, in this order. */
export const queuedEventText = (e: QueuedEventFields) =>
  [
    'cordata-queued-event/1',
    e.id,
    e.kind,
    e.activityId,
    e.personId,
    e.occurredAt,
    e.deviceKeyId,
    canonicalJson(e.payload),
  ].join('\n');
