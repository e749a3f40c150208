import { bundle } from './bundle.ts';

export const es = bundle(import.meta.glob('./locales/es/*.json', { eager: true, import: 'default' }));
