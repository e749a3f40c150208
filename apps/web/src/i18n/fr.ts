import { bundle } from './bundle.ts';

export const fr = bundle(import.meta.glob('./locales/fr/*.json', { eager: true, import: 'default' }));
