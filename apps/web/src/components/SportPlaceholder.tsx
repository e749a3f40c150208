/**
 * Where a group has no picture (issue 44): a scene of its first sport's kind on that kind's colours, never a grey
 * disc of initials. Sports the admin area adds later fall back to the path. Drawn in a 48×48 box.
 */
const SCENES = {
  mountain: { from: '#dcebd5', to: '#9cc48f', ink: '#2f5d2a', path: 'M4 40 18 16l8 12 6-8 12 20Z M18 16l4 7-4-2-4 2Z' },
  bike: {
    from: '#fde7d2',
    to: '#f2b27a',
    ink: '#8a4313',
    path: 'M14 34a7 7 0 1 0 0-.1M34 34a7 7 0 1 0 0-.1M14 34l8-12h10l2 12M22 22l-3-5h-4M30 17h4',
  },
  water: {
    from: '#d6ecfa',
    to: '#8cc8ee',
    ink: '#134d82',
    path: 'M4 28c5-4 9-4 14 0s9 4 14 0 9-4 12 0M4 36c5-4 9-4 14 0s9 4 14 0 9-4 12 0',
  },
  snow: {
    from: '#eef3fb',
    to: '#bccfe8',
    ink: '#2b4a7a',
    path: 'M24 8v32M10 16l28 16M38 16 10 32M20 10l4 4 4-4M20 38l4-4 4 4',
  },
  run: {
    from: '#f9dfe3',
    to: '#eba0ab',
    ink: '#9e0c24',
    path: 'M28 10a3 3 0 1 0 0-.1M26 16l-6 8 6 4-2 10M20 24l-6-2M26 16l6 6 6-2',
  },
  path: { from: '#efe9dc', to: '#d2c3a0', ink: '#5b4a24', path: 'M10 40c10-6 4-12 14-16s6-12 14-16' },
} as const;

type Scene = keyof typeof SCENES;

const SCENE_OF: Record<string, Scene> = {
  hiking: 'mountain',
  mountaineering: 'mountain',
  climbing: 'mountain',
  'via-ferrata': 'mountain',
  'trail-running': 'mountain',
  'road-cycling': 'bike',
  'mountain-biking': 'bike',
  gravel: 'bike',
  'open-water-swimming': 'water',
  kayaking: 'water',
  'stand-up-paddle': 'water',
  'ski-mountaineering': 'snow',
  'cross-country-skiing': 'snow',
  snowshoeing: 'snow',
  running: 'run',
  'nordic-walking': 'run',
  triathlon: 'run',
};

export const sceneOf = (sportId: string | undefined): Scene => (sportId && SCENE_OF[sportId]) || 'path';

/** `size` in pixels; without it the scene fills its box (a cover), drawn in the middle. */
export function SportPlaceholder({ sportId, size, className }: { sportId?: string; size?: number; className: string }) {
  const scene = sceneOf(sportId);
  const { from, to, ink, path } = SCENES[scene];
  return (
    <svg
      className={`${className} sport-placeholder`}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      data-scene={scene}
      style={{ background: `linear-gradient(160deg, ${from}, ${to})` }}
    >
      <path d={path} fill="none" stroke={ink} strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
