import { defineServerExtension } from '../sdk';
import activityRoutes, { ACTIVITY_READ } from './activity-routes';
import {
  activity001Table,
  activity002DataSource,
  moveActivityFromDataSource,
  pruneActivity,
  pruneDays,
} from './activity-table';

/**
 * Record activity: `GET /api/ext/activity/recent` lists the newest record changes, read from the
 * record history (no write hook, no log of its own). Its task `activity:prune` deletes the rows
 * of the log earlier releases kept that are older than `days` (default 90), e.g. from a schedule.
 */
export default defineServerExtension({
  name: 'activity',
  routes: activityRoutes,
  permissions: [{ code: ACTIVITY_READ, label: { 'zh-CN': '查看记录动态', 'en-US': 'View record activity' } }],
  migrations: [activity001Table, activity002DataSource],
  moveFromDataSource: moveActivityFromDataSource,
  tasks: [
    {
      name: 'prune',
      label: { 'zh-CN': '清理旧的记录动态', 'en-US': 'Delete old activity entries' },
      run: async ({ input, primary, log }) => {
        const days = pruneDays(input);
        const deleted = await pruneActivity(primary, days);
        if (deleted > 0) log.info({ deleted, days }, 'old activity entries deleted');
        return `${String(deleted)} activity entries older than ${String(days)} days deleted`;
      },
    },
  ],
});
