import type { SheetSpec } from './types.ts';

/** What the back action of a sheet does: close it, or show another step. */
export type BackAction = { kind: 'close' } | { kind: 'step'; step: string };

const close: BackAction = { kind: 'close' };
const step = (s: string): BackAction => ({ kind: 'step', step: s });

/** The back rules of spec §4. */
export function sheetBack(sheet: SheetSpec): BackAction {
  switch (sheet.type) {
    case 'account':
      switch (sheet.params.step) {
        case 'options':
          return close;
        case 'security':
        case 'notifications':
        case 'terms':
        case 'privacy':
          return step('settings');
        default:
          return step('options');
      }
    case 'handle-group':
      return close;
    case 'handle-activity':
      // The backup route's screens: choosing how, then drawing or the file, then saving.
      if (sheet.params.purpose === 'backup') return sheet.params.step === 'path' ? close : step('path');
      switch (sheet.params.step) {
        case 'info':
          return close;
        case 'path':
          return step('info');
        case 'gpx':
        case 'route':
        case 'difficulty':
          return step('path');
        case 'publish':
          return step('difficulty');
        case 'contacts':
          // The contacts step is a detour of publishing.
          return step('publish');
      }
      return close;
    default:
      return close;
  }
}
