import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** One API call: whether it needs a bearer token, its body (null: the call takes none) and its answer. */
export interface CallDef<B extends z.ZodType | null = z.ZodType | null, R extends z.ZodType = z.ZodType> {
  auth: boolean;
  body: B;
  response: R;
  summary: string;
  errors?: readonly ErrorCode[];
}

export const defineCall = <B extends z.ZodType | null, R extends z.ZodType>(def: CallDef<B, R>) => def;
