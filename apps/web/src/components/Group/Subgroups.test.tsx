import type { Subgroup } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { aGroup, aSport } from '../../testing/fixtures.ts';
import { Subgroups } from './Subgroups.tsx';

signedInInEnglish();

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

const paceGroup = (over: Partial<Subgroup>): Subgroup => ({
  subgroupId: '01900000-0000-7000-8000-0000000005a1',
  groupId: aGroup().groupId,
  name: 'A 30 kmh',
  sportId: 'running',
  level: { kind: 'DISTANCE', value: 30_000 },
  membersCount: 3,
  isMine: false,
  ...over,
});
const a = paceGroup({});
const b = paceGroup({ subgroupId: '01900000-0000-7000-8000-0000000005b1', name: 'B 25 kmh', isMine: true });

describe('pace groups on the group page (issue 40)', () => {
  it('shows each with its sport, level and members, and a member joins one keeping the others', async () => {
    const calls = stubCalls({
      'sport/list-all': () => ({ sports: [aSport()] }),
      'group/list-subgroups': () => ({ subgroups: [a, b] }),
      'group/pick-subgroups': () => ({ subgroups: [{ ...a, isMine: true }, b] }),
    });
    wrap(<Subgroups group={aGroup({ status: 'PARTICIPATING' })} />);
    const rows = await screen.findAllByTestId('subgroup');
    await eventually(() => expect(rows[0]!.textContent).toContain('Running · 30 km · 3 members'));
    expect(rows[1]!.textContent).toContain("You're in");
    expect(screen.queryByTestId('subgroup-new')).toBeNull();
    expect(screen.queryByTestId('subgroup-delete')).toBeNull();

    fireEvent.click(screen.getByTestId('subgroup-join'));
    await eventually(() =>
      expect(calls.find((c) => c.path === 'group/pick-subgroups')?.body).toEqual({
        groupId: aGroup().groupId,
        subgroupIds: [b.subgroupId, a.subgroupId],
      }),
    );
  });

  it('is not there for a member while the group has none, and offers an admin to add one', async () => {
    const calls = stubCalls({
      'sport/list-all': () => ({ sports: [aSport()] }),
      'group/list-subgroups': () => ({ subgroups: [] }),
      'group/create-subgroup': (body) => ({ subgroup: paceGroup({ name: body.name }) }),
    });
    const member = wrap(<Subgroups group={aGroup({ status: 'PARTICIPATING' })} />);
    await eventually(() => expect(calls.map((c) => c.path)).toContain('group/list-subgroups'));
    expect(screen.queryByTestId('group-subgroups')).toBeNull();
    member.unmount();

    wrap(<Subgroups group={aGroup({ status: 'PARTICIPATING', isAdmin: true, sportIds: ['running'] })} />);
    await screen.findByText('No pace groups yet.');
    // Nothing to send until the sports have loaded: the button waits.
    await eventually(() =>
      expect((screen.getByTestId('subgroup-new-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('subgroup-new-submit'));
    expect((await screen.findByTestId('subgroup-new-name-problem')).textContent).toBe('* Required field');
    fireEvent.change(screen.getByTestId('subgroup-new-name'), { target: { value: 'Social' } });
    fireEvent.change(await screen.findByTestId('subgroup-new-value'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByTestId('subgroup-new-submit'));
    await eventually(() =>
      expect(calls.find((c) => c.path === 'group/create-subgroup')?.body).toEqual({
        groupId: aGroup().groupId,
        name: 'Social',
        sportId: 'running',
        level: { kind: 'DISTANCE', value: 12_500 },
      }),
    );
  });

  it('lets an admin rename a pace group or change its level, starting from what it has', async () => {
    const calls = stubCalls({
      'sport/list-all': () => ({ sports: [aSport()] }),
      'group/list-subgroups': () => ({ subgroups: [a] }),
      'group/update-subgroup': (body) => ({ subgroup: paceGroup({ name: body.name }) }),
    });
    wrap(<Subgroups group={aGroup({ status: 'PARTICIPATING', isAdmin: true, sportIds: ['running'] })} />);
    fireEvent.click(await screen.findByTestId('subgroup-edit-toggle'));
    const name = (await screen.findByTestId('subgroup-edit-name')) as HTMLInputElement;
    expect(name.value).toBe('A 30 kmh');
    await eventually(() => expect((screen.getByTestId('subgroup-edit-value') as HTMLInputElement).value).toBe('30'));
    fireEvent.change(name, { target: { value: 'A 32 kmh' } });
    fireEvent.change(screen.getByTestId('subgroup-edit-value'), { target: { value: '32' } });
    fireEvent.click(screen.getByTestId('subgroup-edit-submit'));
    await eventually(() =>
      expect(calls.find((c) => c.path === 'group/update-subgroup')?.body).toEqual({
        subgroupId: a.subgroupId,
        name: 'A 32 kmh',
        sportId: 'running',
        level: { kind: 'DISTANCE', value: 32_000 },
      }),
    );
    await eventually(() => expect(screen.queryByTestId('subgroup-edit')).toBeNull());
  });
});
