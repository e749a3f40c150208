import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** One API call: whether it needs a bearer token, its body (null: the call takes none) and its answer. */
export interface CallDef<
  B extends z.ZodType | null = z.ZodType | null,
  R extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  auth: A;
  body: B;
  response: R;
  summary: string;
  errors?: readonly ErrorCode[];
  /** Bytes a body may have when a call needs more than the 1 MB default (a GPX route sent inline). */
  bodyLimit?: number;
}

/** Keeps `auth` literal, so handlers of token calls receive a user that is never null. */
export const defineCall = <B extends z.ZodType | null, R extends z.ZodType, A extends boolean>(def: CallDef<B, R, A>) =>
  def;
