import type { reportCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsHandlers = (reports: ReportsService): HandlersOf<typeof reportCalls> => ({
  'report/create': ({ body, user }) => reports.create(user.userId, body),
});
