import { calls } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { errorResponses } from './openapi-errors.ts';

describe('declared errors in the OpenAPI document', () => {
  it('lists a call’s codes under their HTTP status, each an ErrorBody', () => {
    expect(errorResponses(calls['group/remove-admin'].errors)).toEqual({
      '403': { description: 'FORBIDDEN', $ref: '#/components/schemas/ErrorBody' },
      '404': { description: 'GROUP_NOT_FOUND, USER_NOT_FOUND', $ref: '#/components/schemas/ErrorBody' },
      '409': { description: 'LAST_ADMIN', $ref: '#/components/schemas/ErrorBody' },
    });
  });

  it('adds nothing for a call that declares nothing', () => {
    expect(errorResponses(undefined)).toEqual({});
  });
});
