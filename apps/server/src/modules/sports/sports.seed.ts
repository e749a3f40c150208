import type { IntensityKind } from '@cordata/contract';

type SeedSport = { id: string; en: string; it: string; kinds: IntensityKind[] };

/** The outdoor sports Cordata starts with; the admin area manages them afterwards. */
export const SEED_SPORTS: SeedSport[] = [
  { id: 'running', en: 'Running', it: 'Corsa', kinds: ['DISTANCE', 'PACE', 'TIME'] },
  { id: 'trail-running', en: 'Trail running', it: 'Trail running', kinds: ['DISTANCE', 'ELEVATION', 'PACE', 'TIME'] },
  { id: 'hiking', en: 'Hiking', it: 'Escursionismo', kinds: ['DISTANCE', 'ELEVATION', 'TIME'] },
  { id: 'mountaineering', en: 'Mountaineering', it: 'Alpinismo', kinds: ['ELEVATION', 'TIME'] },
  { id: 'road-cycling', en: 'Road cycling', it: 'Ciclismo su strada', kinds: ['DISTANCE', 'ELEVATION', 'TIME'] },
  { id: 'mountain-biking', en: 'Mountain biking', it: 'Mountain bike', kinds: ['DISTANCE', 'ELEVATION', 'TIME'] },
  { id: 'gravel', en: 'Gravel cycling', it: 'Gravel', kinds: ['DISTANCE', 'ELEVATION', 'TIME'] },
  { id: 'climbing', en: 'Climbing', it: 'Arrampicata', kinds: ['TIME', 'ELEVATION'] },
  { id: 'via-ferrata', en: 'Via ferrata', it: 'Via ferrata', kinds: ['ELEVATION', 'TIME'] },
  { id: 'ski-mountaineering', en: 'Ski mountaineering', it: 'Scialpinismo', kinds: ['ELEVATION', 'DISTANCE', 'TIME'] },
  { id: 'cross-country-skiing', en: 'Cross-country skiing', it: 'Sci di fondo', kinds: ['DISTANCE', 'PACE', 'TIME'] },
  { id: 'snowshoeing', en: 'Snowshoeing', it: 'Ciaspolata', kinds: ['DISTANCE', 'ELEVATION', 'TIME'] },
  { id: 'nordic-walking', en: 'Nordic walking', it: 'Nordic walking', kinds: ['DISTANCE', 'PACE', 'TIME'] },
  {
    id: 'open-water-swimming',
    en: 'Open-water swimming',
    it: 'Nuoto in acque libere',
    kinds: ['DISTANCE', 'PACE', 'TIME'],
  },
  { id: 'kayaking', en: 'Kayaking', it: 'Kayak', kinds: ['DISTANCE', 'TIME'] },
  { id: 'stand-up-paddle', en: 'Stand-up paddle', it: 'Stand up paddle', kinds: ['DISTANCE', 'TIME'] },
  { id: 'triathlon', en: 'Triathlon', it: 'Triathlon', kinds: ['DISTANCE', 'TIME'] },
  { id: 'orienteering', en: 'Orienteering', it: 'Orienteering', kinds: ['DISTANCE', 'TIME'] },
];
