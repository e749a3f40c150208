import type { sportCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { SportsService } from './sports.service.ts';

export const sportsHandlers = (service: SportsService): HandlersOf<typeof sportCalls> => ({
  'sport/list-all': async () => ({ sports: await service.list() }),
});
