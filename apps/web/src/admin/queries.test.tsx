import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../state/auth.ts';
import { createQueryClient } from '../state/queryClient.ts';
import { refusal, signedInInEnglish, stubApi } from '../testing/api-stub.ts';
import { useAdminMutation, useReportsQuery, useSportsQuery, useUserQuery } from './queries.ts';
import { useAdminSession } from './session.ts';

const PERSON = '01900000-0000-7000-8000-0000000000a1';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

/** The admin server: empty lists, and every action answered. */
const stubAdmin = () =>
  stubApi((path) => {
    if (path === 'reports/list') return { json: { targets: [] } };
    if (path === 'sports/list') return { json: { sports: [] } };
    if (path === 'users/get') return refusal('UNAUTHORIZED', 401);
    return { json: { closed: 1 } };
  });

signedInInEnglish();
beforeEach(() => useAdminSession.getState().start('operator-token'));
afterEach(() => useAdminSession.getState().end());

describe('the admin queries', () => {
  it('refetch the report queue after an action on a report, and leave the sports alone', async () => {
    const calls = stubAdmin();
    const { result } = renderHook(
      () => ({
        reports: useReportsQuery('OPEN'),
        sports: useSportsQuery(),
        resolve: useAdminMutation('reports/resolve'),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.reports.data).toEqual([]));
    await waitFor(() => expect(result.current.sports.data).toEqual([]));
    const count = (path: string) => calls.filter((c) => c.path === path).length;
    expect([count('reports/list'), count('sports/list')]).toEqual([1, 1]);

    await result.current.resolve.mutateAsync({
      targetType: 'USER',
      targetId: PERSON,
      action: 'DISMISS',
      reason: 'Not harassment',
    });
    await waitFor(() => expect(count('reports/list')).toBe(2));
    expect(count('sports/list')).toBe(1);
    expect(calls.find((c) => c.path === 'reports/resolve')?.body).toEqual({
      targetType: 'USER',
      targetId: PERSON,
      action: 'DISMISS',
      reason: 'Not harassment',
    });
  });

  it("carry the operator's token, not the app's, and an ended session signs the operator out only", async () => {
    stubAdmin();
    const { result } = renderHook(() => useUserQuery(PERSON), { wrapper });
    await waitFor(() => expect(result.current.error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 }));
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(url)).toMatch(/\/admin\/users\/get$/);
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer operator-token');
    expect(useAdminSession.getState().token).toBeNull();
    expect(useAuthStore.getState().jwt).toBe('token');
  });
});
