import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { MonthCalendar, useMonthCalendar } from './MonthCalendar.tsx';

function Harness({ counts, prefix }: { counts: Record<string, number>; prefix?: string }) {
  const calendar = useMonthCalendar();
  return (
    <MonthCalendar calendar={calendar} countOf={(day) => counts[day] ?? 0} testIdPrefix={prefix}>
      <output data-testid="chosen">{calendar.selected}</output>
    </MonthCalendar>
  );
}

const id = (name: string) => `[data-testid="${name}"]`;
const headers = (container: HTMLElement) => [...container.querySelectorAll('th')].map((th) => th.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Sunday 1 November 2026: the month starts on a Sunday, so its first week begins in October.
  vi.setSystemTime(new Date(2026, 10, 1, 10));
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await act(() => i18n.changeLanguage('en'));
});

describe('MonthCalendar', () => {
  it('shows whole weeks from Monday, with a dot on the days that have activities', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { container } = render(<Harness counts={{ '2026-11-03': 2 }} />);
    expect(container.querySelector(id('month-title'))?.textContent).toBe('November 2026');
    expect(headers(container)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const first = container.querySelector('tbody tr')!;
    expect(first.querySelector('button')?.dataset.testid).toBe('day-2026-10-26');
    expect(container.querySelector(id('day-2026-10-26'))?.hasAttribute('data-outside')).toBe(true);
    expect(container.querySelector(id('day-2026-11-01'))?.hasAttribute('data-today')).toBe(true);
    expect(container.querySelectorAll(id('day-dot'))).toHaveLength(1);
    const busy = container.querySelector(id('day-2026-11-03'))!;
    expect(busy.querySelector(id('day-dot'))).not.toBeNull();
    expect(busy.getAttribute('aria-label')).toMatch(/^Tuesday,? 3 November 2026, 2 activities$/);
  });

  it('speaks Italian, prefixes its test ids, moves between months and chooses a day', async () => {
    await act(() => i18n.changeLanguage('it'));
    const { container } = render(<Harness counts={{}} prefix="group-" />);
    expect(container.querySelector(id('group-month-title'))?.textContent).toBe('novembre 2026');
    expect(headers(container)).toEqual(['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom']);
    expect(container.querySelector(id('group-day-2026-11-01'))?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(container.querySelector(id('group-month-next'))!);
    expect(container.querySelector(id('group-month-title'))?.textContent).toBe('dicembre 2026');
    // Another month never keeps a chosen day out of view: its first day, or today in today's month.
    expect(container.querySelector(id('chosen'))?.textContent).toBe('2026-12-01');
    fireEvent.click(container.querySelector(id('group-day-2026-12-24'))!);
    expect(container.querySelector(id('chosen'))?.textContent).toBe('2026-12-24');
    fireEvent.click(container.querySelector(id('group-month-previous'))!);
    fireEvent.click(container.querySelector(id('group-month-previous'))!);
    expect(container.querySelector(id('group-month-title'))?.textContent).toBe('ottobre 2026');
    expect(container.querySelector(id('chosen'))?.textContent).toBe('2026-10-01');
    fireEvent.click(container.querySelector(id('group-month-next'))!);
    expect(container.querySelector(id('chosen'))?.textContent).toBe('2026-11-01');
    expect(container.querySelector(id('day-dot'))).toBeNull();
  });
});
