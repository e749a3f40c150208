const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before an id from a path or a token reaches a query: a malformed one in a uuid column is a database error, not a miss. */
export const isUuid = (value: string) => UUID.test(value);
