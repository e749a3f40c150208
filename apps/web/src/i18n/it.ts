import { bundle } from './bundle.ts';

export const it = bundle(import.meta.glob('./locales/it/*.json', { eager: true, import: 'default' }));
