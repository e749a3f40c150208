import { describe, expect, it } from 'vitest';
import { linePieces } from './pieces.ts';

const line = [0, 1, 2, 3, 4, 5, 6];

describe('linePieces (routeBreaks, issue 23)', () => {
  it('draws a line without breaks as one piece', () => {
    expect(linePieces(line)).toEqual([line]);
    expect(linePieces(line, [])).toEqual([line]);
  });

  it('starts a new piece at every break, never joining across it', () => {
    expect(linePieces(line, [3])).toEqual([
      [0, 1, 2],
      [3, 4, 5, 6],
    ]);
    expect(linePieces(line, [2, 5])).toEqual([
      [0, 1],
      [2, 3, 4],
      [5, 6],
    ]);
  });

  it('drops pieces of a single point, which draw nothing', () => {
    expect(linePieces(line, [1, 6])).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('ignores breaks out of range, repeated or unsorted', () => {
    expect(linePieces(line, [0, 9, 4, 4, -1])).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('has nothing to draw for an empty or one-point line', () => {
    expect(linePieces([])).toEqual([]);
    expect(linePieces([1])).toEqual([]);
  });
});
