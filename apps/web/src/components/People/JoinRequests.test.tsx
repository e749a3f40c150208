import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { aGroup, anActivity, aRequest } from '../../testing/fixtures.ts';
import { Requests } from '../Activity/Requests.tsx';
import { useFeedbackStore } from '../feedback.ts';
import { GroupRequests } from '../Group/GroupRequests.tsx';

const DARIO = '01900000-0000-7000-8000-0000000000d4';
const OWNER = '01900000-0000-7000-8000-0000000000ee';

const dario = aRequest({ userId: DARIO, username: 'dario', firstName: 'Dario', lastName: 'Russo' });

const stubServer = (refuse = false) =>
  stubApi((path) => {
    if (path.endsWith('/list-requests')) return { json: { requests: [dario] } };
    if (refuse) return refusal('FORBIDDEN', 403);
    return {
      json: path.startsWith('group/')
        ? { group: aGroup({ groupId: OWNER }) }
        : { activity: anActivity({ activityId: OWNER }) },
    };
  });

const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

signedInInEnglish();

describe('the requests of an activity and of a group, one list', () => {
  it('rejects a group request only with a reason, which it sends', async () => {
    const calls = stubServer();
    wrap(<GroupRequests group={aGroup({ groupId: OWNER, isAdmin: true, type: 'CLOSED' })} />);
    const row = await screen.findByTestId('group-request');
    expect(row.getAttribute('data-user-id')).toBe(DARIO);
    expect(screen.getByTestId('group-requests').id).toBe(`group-requests-${OWNER}`);
    fireEvent.click(within(row).getByTestId('group-request-reject'));
    fireEvent.click(within(row).getByTestId('group-reject-confirm'));
    expect(within(row).getByRole('alert').textContent).toBe('* Required field');
    expect(calls.some((c) => c.path === 'group/reject-request')).toBe(false);
    fireEvent.change(within(row).getByTestId('group-reject-reason'), { target: { value: '  Full  ' } });
    fireEvent.click(within(row).getByTestId('group-reject-confirm'));
    await eventually(() =>
      expect(calls.find((c) => c.path === 'group/reject-request')?.body).toEqual({
        groupId: OWNER,
        userId: DARIO,
        reason: 'Full',
      }),
    );
  });

  it("shows a group activity's ride leader the requests to read, with nothing to answer (issue 40)", async () => {
    stubServer();
    const leader = anActivity({ activityId: OWNER, isAdmin: false, takesAttendance: true, access: 'CLOSED' });
    wrap(<Requests activity={leader} />);
    const row = await screen.findByTestId('request');
    expect(row.getAttribute('data-user-id')).toBe(DARIO);
    expect(within(row).queryByTestId('request-accept')).toBeNull();
    expect(within(row).queryByTestId('request-reject')).toBeNull();
  });

  it("accepts an activity request, and shows the server's refusal", async () => {
    const calls = stubServer(true);
    wrap(<Requests activity={anActivity({ activityId: OWNER, isAdmin: true, access: 'CLOSED' })} />);
    const row = await screen.findByTestId('request');
    expect(screen.getByTestId('requests').id).toBe(`requests-${OWNER}`);
    expect(screen.getByTestId('requests').querySelectorAll('.person-row')).toHaveLength(1);
    fireEvent.click(within(row).getByTestId('request-accept'));
    await eventually(() => expect(useFeedbackStore.getState().current?.kind).toBe('error'));
    expect(useFeedbackStore.getState().current?.description).toBe(i18n.t('errors.FORBIDDEN'));
    expect(calls.find((c) => c.path === 'activity/accept-request')?.body).toEqual({ activityId: OWNER, userId: DARIO });
  });

  it('is hidden for an open one without requests', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ requests: [] }), { status: 200 })),
    );
    wrap(<Requests activity={anActivity({ activityId: OWNER, isAdmin: true, access: 'OPEN' })} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('requests')).toBeNull();
  });
});
