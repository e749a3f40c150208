import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { reporting, useFeedbackStore } from '../feedback.ts';
import { useToastStore } from '../toast.ts';
import { Action } from './Action.tsx';
import { OptionGroup } from './OptionGroup.tsx';

beforeEach(async () => {
  useToastStore.setState({ current: null });
  useFeedbackStore.setState({ current: null });
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('Action', () => {
  it('has the look of its kind and waits, disabled, while pending', () => {
    const onPress = vi.fn();
    const { rerender } = render(
      <Action kind="outline" block className="extra" testId="act" onPress={onPress}>
        Go
      </Action>,
    );
    const button = screen.getByTestId('act') as HTMLButtonElement;
    expect(button.className).toBe('btn btn-outline btn-block extra');
    expect(button.type).toBe('button');
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    rerender(
      <Action kind="icon" testId="act" pending onPress={onPress}>
        Go
      </Action>,
    );
    expect(button.className).toBe('icon-btn');
    expect(button.disabled).toBe(true);
  });
});

describe('OptionGroup', () => {
  it('marks the chosen tab selected and the chosen toggle pressed', () => {
    const onChange = vi.fn();
    render(
      <>
        <OptionGroup
          mode="tabs"
          options={['a', 'b'] as const}
          value="a"
          onChange={onChange}
          label={(o) => o}
          testId={(o) => `tab-${o}`}
        />
        <OptionGroup options={['x', 'y'] as const} value="y" onChange={onChange} label={(o) => o} testId={(o) => o} />
      </>,
    );
    expect(screen.getByTestId('tab-a').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('tab-b').getAttribute('role')).toBe('tab');
    expect(screen.getByTestId('y').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('x').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('tab-b'));
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('reporting', () => {
  it('toasts the success then runs what follows, and shows an error in the modal', () => {
    const then = vi.fn();
    const callbacks = reporting('Saved.', then);
    callbacks.onSuccess();
    expect(useToastStore.getState().current?.description).toBe('Saved.');
    expect(then).toHaveBeenCalledTimes(1);
    expect(useFeedbackStore.getState().current).toBeNull();
    callbacks.onError(new Error('boom'));
    expect(useFeedbackStore.getState().current?.kind).toBe('error');
  });

  it('without a success text shows no toast', () => {
    reporting().onSuccess();
    expect(useToastStore.getState().current).toBeNull();
  });
});
