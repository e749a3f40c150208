import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { signedInInEnglish } from '../../testing/api-stub.ts';
import { ElevationChart } from './ElevationChart.tsx';
import { distanceAfterKey, profileAt } from './elevation.ts';

signedInInEnglish();

// 0 → 2 km climbing 1000 → 1400 m, then 2 → 4 km down to 1200 m.
const PROFILE: [number, number][] = [
  [0, 1000],
  [2000, 1400],
  [4000, 1200],
];

/** The chart laid out 400 px wide at x = 10 (happy-dom lays nothing out). */
function layOut(element: HTMLElement) {
  element.getBoundingClientRect = () => ({
    left: 10,
    top: 0,
    width: 400,
    height: 110,
    right: 410,
    bottom: 110,
    x: 10,
    y: 0,
    toJSON: () => ({}),
  });
}

describe('profileAt and distanceAfterKey', () => {
  it('interpolates between the profile points and clamps to its ends', () => {
    expect(profileAt(PROFILE, 1000)).toEqual({ distance: 1000, elevation: 1200 });
    expect(profileAt(PROFILE, 3000)).toEqual({ distance: 3000, elevation: 1300 });
    expect(profileAt(PROFILE, -50)).toEqual({ distance: 0, elevation: 1000 });
    expect(profileAt(PROFILE, 9999)).toEqual({ distance: 4000, elevation: 1200 });
    expect(profileAt([], 10)).toBeNull();
  });

  it.each([
    ['ArrowRight', null, 0], // the first key press lands on the start
    ['ArrowRight', 0, 80], // a 50th of 4 km
    ['ArrowLeft', 80, 0],
    ['ArrowLeft', 0, 0],
    ['ArrowUp', 3960, 4000],
    ['PageUp', 0, 400],
    ['PageDown', 4000, 3600],
    ['Home', 2500, 0],
    ['End', 10, 4000],
    ['a', 10, null],
  ] as const)('%s from %s goes to %s', (key, from, to) => {
    expect(distanceAfterKey(PROFILE, from, key)).toBe(to);
  });
});

describe('the elevation chart', () => {
  it('is a picture with a description when nothing listens to it', () => {
    render(<ElevationChart profile={PROFILE} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Elevation profile from 1,000 m to 1,400 m over 4 km',
    );
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('says there is no elevation data instead of drawing a flat line', () => {
    render(<ElevationChart profile={[]} onScrub={() => {}} />);
    expect(screen.getByTestId('elevation-chart-empty').textContent).toBe('This route has no elevation data.');
  });

  it('shows the distance and altitude under a finger and tells the map, and keeps them when the finger lifts', () => {
    const onScrub = vi.fn();
    render(<ElevationChart profile={PROFILE} onScrub={onScrub} />);
    const slider = screen.getByRole('slider');
    layOut(slider);
    expect(screen.getByTestId('elevation-readout').textContent).toBe(
      'Slide along the profile to see that place on the map.',
    );

    // A quarter of the width: 1 km, halfway up the climb.
    fireEvent.pointerDown(slider, { clientX: 110, pointerId: 1, pointerType: 'touch', buttons: 1 });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 1000, elevation: 1200 });
    expect(screen.getByTestId('elevation-readout').textContent).toBe('At 1 km: 1,200 m');
    expect(slider.getAttribute('aria-valuetext')).toBe('At 1 km: 1,200 m');
    expect(slider.getAttribute('aria-valuenow')).toBe('1000');
    expect(slider.getAttribute('aria-valuemax')).toBe('4000');
    expect(screen.getByTestId('elevation-cursor').style.left).toBe('25%');

    fireEvent.pointerMove(slider, { clientX: 310, pointerId: 1, pointerType: 'touch', buttons: 1 });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 3000, elevation: 1300 });
    // A finger lifted keeps the place shown; a finger moving without touching (impossible) or a pen hovering do not.
    fireEvent.pointerUp(slider, { clientX: 310, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(slider, { clientX: 50, pointerId: 1, pointerType: 'pen', buttons: 0 });
    expect(screen.getByTestId('elevation-readout').textContent).toBe('At 3 km: 1,300 m');
  });

  it('follows a hovering mouse and lets go when it leaves', () => {
    const onScrub = vi.fn();
    render(<ElevationChart profile={PROFILE} onScrub={onScrub} />);
    const slider = screen.getByRole('slider');
    layOut(slider);
    fireEvent.pointerMove(slider, { clientX: 210, pointerType: 'mouse', buttons: 0 });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 2000, elevation: 1400 });
    fireEvent.pointerLeave(slider, { pointerType: 'mouse' });
    expect(onScrub).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('elevation-cursor')).toBeNull();
  });

  it('moves with the arrow keys, Home and End, and lets go on Escape and on blur, in Italian too', async () => {
    await i18n.changeLanguage('it');
    const onScrub = vi.fn();
    render(<ElevationChart profile={PROFILE} onScrub={onScrub} />);
    const slider = screen.getByRole('slider');
    expect(slider.tabIndex).toBe(0);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 4000, elevation: 1200 });
    // Italian groups from five digits: 1200, not 1.200.
    expect(slider.getAttribute('aria-valuetext')).toBe('A 4 km: 1200 m');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 3920, elevation: 1208 });
    expect(screen.getByTestId('elevation-readout').textContent).toBe('A 3,9 km: 1208 m');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 0, elevation: 1000 });
    fireEvent.keyDown(slider, { key: 'Escape' });
    expect(onScrub).toHaveBeenLastCalledWith(null);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(onScrub).toHaveBeenLastCalledWith({ distance: 0, elevation: 1000 });
    fireEvent.blur(slider);
    expect(onScrub).toHaveBeenLastCalledWith(null);
  });
});
