import { bundle } from './bundle.ts';

export const de = bundle(import.meta.glob('./locales/de/*.json', { eager: true, import: 'default' }));
