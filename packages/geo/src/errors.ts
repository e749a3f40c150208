export type GpxErrorCode = 'GPX_INVALID' | 'GPX_TOO_LARGE' | 'GPX_EMPTY' | 'GPX_TOO_MANY_POINTS';

/**
 * The only error `parseGpx` throws. `code` is stable; `message` is for logs only
 * (the server answers every code with 400 'The GPX file could not be loaded').
 */
export class GpxError extends Error {
  override readonly name = 'GpxError';
  readonly code: GpxErrorCode;

  constructor(code: GpxErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isGpxError(error: unknown): error is GpxError {
  return error instanceof GpxError;
}
