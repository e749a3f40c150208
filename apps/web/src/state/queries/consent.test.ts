import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { createQueryClient } from '../queryClient.ts';
import { rereadOnConsentChange } from './consent.ts';

describe('a join refused for a changed text (docs/consent.md)', () => {
  it('reads the page again, and only for that refusal', () => {
    const client = createQueryClient();
    client.setQueryData(['activity', 'read-info', 'a1'], { activity: { consent: { text: 'old', version: 1 } } });
    const onError = rereadOnConsentChange(client, ['activity']);
    onError(new ApiError('ACTIVITY_STARTED', 'started', 409));
    expect(client.getQueryState(['activity', 'read-info', 'a1'])?.isInvalidated).toBe(false);
    onError(new ApiError('CONSENT_REQUIRED', 'changed', 409, [], { version: 2 }));
    expect(client.getQueryState(['activity', 'read-info', 'a1'])?.isInvalidated).toBe(true);
  });
});
