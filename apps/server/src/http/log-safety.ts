/**
 * What the logs may say of an error (review M9): its type, code, a message with no query, parameters
 * or e-mail addresses in it, and the stack frames. drizzle's "Failed query: … params: …" messages,
 * PostgreSQL's `detail` (which quotes row values) and SMTP answers that name recipients never reach
 * a log line. Registered as pino's `err` serializer, so it applies to every `{ err }` logged.
 */
const ADDRESS = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;

function safeMessage(message: string): string {
  const firstLine = message.split('\n')[0] ?? '';
  const withoutQuery = /^Failed query:/.test(firstLine) ? 'database query failed' : firstLine;
  return withoutQuery
    .replace(/params:.*$/i, '')
    .replace(ADDRESS, '<address>')
    .slice(0, 300);
}

export function safeError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return safeMessage(value);
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) return value;
  const err = value as Error & { code?: unknown; cause?: unknown };
  return {
    type: err.constructor?.name ?? 'Error',
    message: safeMessage(String(err.message ?? '')),
    ...(typeof err.code === 'string' || typeof err.code === 'number' ? { code: err.code } : {}),
    ...(typeof err.stack === 'string'
      ? {
          stack: err.stack
            .split('\n')
            .filter((line) => line.trimStart().startsWith('at '))
            .join('\n'),
        }
      : {}),
    ...(err.cause !== undefined && depth < 3 ? { cause: safeError(err.cause, depth + 1) } : {}),
  };
}
