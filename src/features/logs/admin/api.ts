// What View Logs reads: a page of the activity log under the screen's filters, newest first.
import { db } from '../../../lib/data.ts';
import type { Cursor } from '../../../lib/db.ts';
import { LOG_PAGE_SIZE, logQueryFilters, type LogFilter } from './log-filters.ts';

export const fetchLogPage = <T>(filter: LogFilter, after: Cursor | null) =>
  db.fetchPage<T>('logs', { where: logQueryFilters(filter), limit: LOG_PAGE_SIZE, after });
