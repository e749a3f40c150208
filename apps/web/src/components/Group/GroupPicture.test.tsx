import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sceneOf } from '../SportPlaceholder.tsx';
import { GroupPicture } from './GroupCard.tsx';

describe("a group's picture (issue 44)", () => {
  it('is its own picture where it has one', () => {
    const { container } = render(
      <GroupPicture group={{ name: 'Pace club', picture: '/p.webp', sportIds: ['hiking'] }} />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/p.webp');
  });

  it("else a scene of its first sport's kind, never initials", () => {
    const { container } = render(
      <GroupPicture group={{ name: 'Pace club', picture: null, sportIds: ['gravel', 'hiking'] }} />,
    );
    expect(container.querySelector('svg')?.dataset.scene).toBe('bike');
    expect(container.textContent).toBe('');
  });

  it('initials only where the group names no sport', () => {
    const { container } = render(<GroupPicture group={{ name: 'Pace club', picture: null, sportIds: [] }} />);
    expect(container.textContent).toBe('PC');
  });

  it("gives each kind of sport its scene, and a sport added later the path's", () => {
    expect(['hiking', 'kayaking', 'snowshoeing', 'running', 'road-cycling'].map(sceneOf)).toEqual([
      'mountain',
      'water',
      'snow',
      'run',
      'bike',
    ]);
    expect(sceneOf('curling')).toBe('path');
  });
});
