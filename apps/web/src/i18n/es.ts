import { bundle } from './en.ts';

export const es = bundle(import.meta.glob('./locales/es/*.json', { eager: true, import: 'default' }));
