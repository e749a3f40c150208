import type { GearSuggestion } from '@cordata/contract';
import type { Difficulty } from '@cordata/contract/enums';

interface TemplateInput {
  sportId: string;
  difficulty: Difficulty;
  /** The local day, YYYY-MM-DD. */
  date: string;
  latitude: number;
}

/** December to March north of the equator, June to September south of it. */
export function isWinter(date: string, latitude: number) {
  const month = Number(date.slice(5, 7));
  return latitude >= 0 ? month === 12 || month <= 3 : month >= 6 && month <= 9;
}

const hard = (d: Difficulty) => d === 'HARD' || d === 'EXPERT';

/**
 * The gear a sport and grade call for. Keys, not names: the app names each in the reader's language
 * (apps/web/src/i18n/logistics). `required` items are flagged to the admins 24 h before the start when
 * nobody has claimed them; group items (`group`) are what one person brings for everyone.
 */
const RULES: { key: string; required: boolean; when: (t: TemplateInput) => boolean }[] = [
  { key: 'viaFerrataSet', required: true, when: (t) => t.sportId === 'via-ferrata' },
  {
    key: 'helmet',
    required: true,
    when: (t) =>
      [
        'via-ferrata',
        'climbing',
        'mountaineering',
        'ski-mountaineering',
        'mountain-biking',
        'road-cycling',
        'gravel',
      ].includes(t.sportId) ||
      (t.sportId === 'hiking' && hard(t.difficulty)),
  },
  {
    key: 'rope',
    required: true,
    when: (t) => t.sportId === 'climbing' || (t.sportId === 'mountaineering' && hard(t.difficulty)),
  },
  { key: 'quickdraws', required: false, when: (t) => t.sportId === 'climbing' },
  { key: 'harness', required: true, when: (t) => ['climbing', 'via-ferrata', 'mountaineering'].includes(t.sportId) },
  {
    key: 'microspikes',
    required: true,
    when: (t) => isWinter(t.date, t.latitude) && ['hiking', 'trail-running', 'nordic-walking'].includes(t.sportId),
  },
  {
    key: 'avalancheKit',
    required: true,
    when: (t) =>
      ['ski-mountaineering', 'snowshoeing'].includes(t.sportId) ||
      (t.sportId === 'mountaineering' && isWinter(t.date, t.latitude)),
  },
  { key: 'firstAidKit', required: true, when: () => true },
  { key: 'repairKit', required: false, when: (t) => ['road-cycling', 'mountain-biking', 'gravel'].includes(t.sportId) },
  { key: 'headlamp', required: false, when: (t) => hard(t.difficulty) || isWinter(t.date, t.latitude) },
  {
    key: 'map',
    required: false,
    when: (t) => ['hiking', 'orienteering', 'mountaineering', 'trail-running'].includes(t.sportId),
  },
  {
    key: 'towFloat',
    required: false,
    when: (t) => ['open-water-swimming', 'kayaking', 'stand-up-paddle'].includes(t.sportId),
  },
];

export const GEAR_TEMPLATE_KEYS = RULES.map((r) => r.key);

export function gearTemplate(input: TemplateInput): GearSuggestion[] {
  return RULES.filter((r) => r.when(input)).map((r) => ({ templateKey: r.key, required: r.required }));
}
