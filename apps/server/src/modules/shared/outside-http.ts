/**
 * The HTTP shell every adapter to an outside service shares: one request under the caller's deadline, the answer
 * read with a size cap, JSON parsed. What fails is one typed OutsideFailure; each adapter maps its kinds to its own
 * public reasons in one place, and keeps its documented format to itself.
 */
export type OutsideFailureKind = 'TIMEOUT' | 'UNREACHABLE' | 'HTTP' | 'MALFORMED' | 'TOO_LARGE';

export interface OutsideAnswer {
  status: number;
  ok: boolean;
  text: string;
  /** The parsed body, or undefined when it is not JSON (or empty). */
  json: unknown;
}

export class OutsideFailure extends Error {
  constructor(
    readonly kind: OutsideFailureKind,
    readonly detail: string,
    /** The answer of an HTTP failure, for the adapter to read the service's own explanation. */
    readonly answer?: OutsideAnswer,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'OutsideFailure';
  }
}

export interface OutsideRequest {
  signal: AbortSignal;
  /** An answer larger than this is refused rather than read (TOO_LARGE). */
  maxBytes: number;
  fetch?: typeof fetch;
}

/**
 * One request: no answer before `signal` ends is TIMEOUT, no connection (or a connection lost mid-answer) is
 * UNREACHABLE, a body over the cap is TOO_LARGE. Any HTTP status is returned, for the adapter to classify.
 */
export async function askOutside(
  url: string | URL,
  init: RequestInit,
  request: OutsideRequest,
): Promise<OutsideAnswer> {
  const { signal, maxBytes } = request;
  let response: Response;
  try {
    response = await (request.fetch ?? fetch)(url, { ...init, signal });
  } catch (error) {
    throw failureOf(error, signal, 'unreachable');
  }
  let text: string;
  try {
    text = await readCapped(response, maxBytes);
  } catch (error) {
    if (error instanceof OutsideFailure) throw error;
    throw failureOf(error, signal, 'answer cut off');
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, ok: response.ok, text, json };
}

/** askOutside for a JSON service: a status other than 2xx is HTTP, a body that is not JSON is MALFORMED. */
export async function askOutsideJson(url: string | URL, init: RequestInit, request: OutsideRequest): Promise<unknown> {
  const answer = await askOutside(url, init, request);
  if (!answer.ok) throw new OutsideFailure('HTTP', `HTTP ${answer.status}`, answer);
  if (answer.json === undefined) throw new OutsideFailure('MALFORMED', 'not JSON', answer);
  return answer.json;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (Number(response.headers.get('content-length')) > maxBytes)
    throw new OutsideFailure('TOO_LARGE', 'answer too large');
  if (!response.body) return '';
  // A reader rather than for-await: the stream's async iterator is not in every tsconfig's lib (e2e's).
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => {});
      throw new OutsideFailure('TOO_LARGE', 'answer too large');
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failureOf(error: unknown, signal: AbortSignal, otherwise: string): OutsideFailure {
  const name = (error as Error)?.name;
  if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
    return new OutsideFailure('TIMEOUT', 'no answer in time');
  }
  return new OutsideFailure('UNREACHABLE', otherwise);
}
