import type { RouteProfile } from '@cordata/contract';

/**
 * The routing profile of each sport of the catalogue (sports.seed.ts ids), documented in docs/maps.md:
 * on foot → HIKING, road cycling → ROAD_BIKE, mountain biking → MTB, other cycling → BIKE, and water sports → none
 * (no engine routes on water: their legs stay straight, SPORT_NOT_ROUTED).
 */
const SPORT_PROFILES: Record<string, RouteProfile | null> = {
  running: 'HIKING',
  'trail-running': 'HIKING',
  hiking: 'HIKING',
  mountaineering: 'HIKING',
  climbing: 'HIKING',
  'via-ferrata': 'HIKING',
  'ski-mountaineering': 'HIKING',
  'cross-country-skiing': 'HIKING',
  snowshoeing: 'HIKING',
  'nordic-walking': 'HIKING',
  orienteering: 'HIKING',
  'road-cycling': 'ROAD_BIKE',
  'mountain-biking': 'MTB',
  gravel: 'BIKE',
  // A triathlon's longest leg is ridden.
  triathlon: 'BIKE',
  'open-water-swimming': null,
  kayaking: null,
  'stand-up-paddle': null,
};

/**
 * The profile a sport routes with. A sport added later in the admin area is guessed from its id (cycling words pick
 * a bike, paddling and swimming words none) and otherwise travels on foot, the most forgiving profile.
 */
export function profileOfSport(sportId: string): RouteProfile | null {
  const known = SPORT_PROFILES[sportId];
  if (known !== undefined) return known;
  if (/mtb|mountain-bik|enduro|downhill/.test(sportId)) return 'MTB';
  if (/road-(cycl|bik)|racing-bike/.test(sportId)) return 'ROAD_BIKE';
  if (/cycl|bik|gravel/.test(sportId)) return 'BIKE';
  if (/swim|kayak|canoe|paddl|row|sail|surf/.test(sportId)) return null;
  return 'HIKING';
}
