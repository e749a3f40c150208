/**
 * A line cut into the pieces that are drawn: `breaks` are the indices where a new piece begins (an activity's
 * `routeBreaks`, a recap's `breaks`), where the server left out what lies inside someone's privacy zone. Nothing is
 * drawn from the point before a break to the break, so a hidden stretch never shows as a straight line across it.
 * A piece of one point draws nothing and is dropped.
 */
export function linePieces<Point>(line: readonly Point[], breaks: readonly number[] = []): Point[][] {
  const cuts = [...new Set(breaks)].filter((i) => i > 0 && i < line.length).sort((a, b) => a - b);
  const pieces: Point[][] = [];
  let from = 0;
  for (const cut of [...cuts, line.length]) {
    if (cut - from >= 2) pieces.push(line.slice(from, cut));
    from = cut;
  }
  return pieces;
}
