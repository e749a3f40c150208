import {
  type AdminCallName,
  adminCalls,
  type CallName,
  calls,
  type ErrorCode,
  errorCatalog,
  GENERIC_ERRORS,
} from '@cordata/contract';
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

const isCallName = (name: string): name is CallName => Object.hasOwn(calls, name);
const isAdminCallName = (name: string): name is AdminCallName => Object.hasOwn(adminCalls, name);

/** The error answer (ErrorBody), once in the document's components; each call lists its codes per status. */
export const errorBodyComponent = {
  type: 'object' as const,
  required: ['error'],
  properties: {
    error: {
      type: 'object' as const,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' as const, enum: Object.keys(errorCatalog) },
        message: { type: 'string' as const },
        issues: {
          type: 'array' as const,
          items: {
            type: 'object' as const,
            properties: { path: { type: 'string' as const }, message: { type: 'string' as const } },
          },
        },
        details: { type: 'object' as const },
      },
    },
  },
};

/** A call's declared `errors` as OpenAPI responses, one per HTTP status, described by their codes. */
export function errorResponses(declared: readonly ErrorCode[] = []): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of declared) {
    const { status } = errorCatalog[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        { description: codes.join(', '), $ref: '#/components/schemas/ErrorBody' },
      ]),
  );
}

/** For the document's description: the codes every call may answer besides its own. */
export const genericErrorsNote = `Besides the codes each call lists, any call may answer ${GENERIC_ERRORS.join(', ')}.`;

/**
 * The OpenAPI transform of the contract's routes, plus each call's declared errors (`CallDef.errors`), which the
 * route schemas leave out: Fastify would serialize error answers through them. Documentation only.
 */
export function withDeclaredErrors(transform: Transform): Transform {
  return (input) => {
    const output = transform(input);
    const name = input.url.split(/\/(?:database|admin)\//)[1] ?? '';
    const def = input.url.includes('/database/')
      ? isCallName(name) && calls[name]
      : input.url.includes('/admin/') && isAdminCallName(name) && adminCalls[name];
    const schema = output.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    if (!def || !schema || schema.hide) return output;
    schema.response = { ...schema.response, ...errorResponses(def.errors) };
    return output;
  };
}
