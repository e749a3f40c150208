/** Every text of a dictionary as [path, text] pairs; array items are addressed by index (legal paragraphs). */
export const textLeaves = (obj: unknown, prefix = ''): [string, unknown][] =>
  typeof obj === 'object' && obj !== null
    ? Object.entries(obj).flatMap(([key, value]) => textLeaves(value, prefix ? `${prefix}.${key}` : key))
    : [[prefix, obj]];
