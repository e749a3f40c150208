import { type ErrorBody, type ErrorCode, errorCatalog } from '@cordata/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SerializerMismatchError } from './serialize.ts';

/** A failure a person can understand: services throw it, the error handler answers it. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly issues?: { path: string; message: string }[];

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: Record<string, unknown>; issues?: { path: string; message: string }[] } = {},
  ) {
    super(options.message ?? errorCatalog[code].message);
    this.code = code;
    this.status = errorCatalog[code].status;
    this.details = options.details;
    this.issues = options.issues;
  }
}

export function errorBody(
  code: ErrorCode,
  message: string = errorCatalog[code].message,
  extra: Pick<ErrorBody['error'], 'issues' | 'details'> = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_REQUIRED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

const isDatabaseUnavailable = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' || // admin shutdown
    code === '57P03' || // cannot connect now
    code === '08006' ||
    code === '08001' ||
    (err instanceof Error &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Query read timeout/.test(
        err.message,
      ))
  );
};

export function handleError(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) {
    return reply
      .status(err.status)
      .send(errorBody(err.code, err.message, { issues: err.issues, details: err.details }));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return reply.status(400).send(errorBody('VALIDATION_ERROR', issues[0]?.message, { issues }));
  }
  const fastifyCode = 'code' in err && typeof err.code === 'string' ? FASTIFY_CODES[err.code] : undefined;
  if (fastifyCode) {
    const message = fastifyCode === 'VALIDATION_ERROR' ? 'The body is not valid JSON' : undefined;
    return reply.status(errorCatalog[fastifyCode].status).send(errorBody(fastifyCode, message));
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED'));
  if (status >= 400 && status < 500) {
    return reply.status(status).send(errorBody(status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR', err.message));
  }
  if (isDatabaseUnavailable(err) || isDatabaseUnavailable((err as { cause?: unknown }).cause)) {
    request.log.warn({ err }, 'database unavailable');
    return reply.status(503).header('retry-after', '5').send(errorBody('SERVICE_UNAVAILABLE'));
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err: err.cause.issues }, 'response does not match the contract');
  } else if (err instanceof SerializerMismatchError) {
    request.log.error({ err }, 'the JSON schema serializer disagrees with the contract');
  } else {
    request.log.error({ err }, 'unexpected error');
  }
  return reply.status(500).send(errorBody('INTERNAL'));
}
