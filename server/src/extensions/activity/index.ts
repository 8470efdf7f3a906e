import { defineServerExtension } from '../sdk';
import activityRoutes, { ACTIVITY_READ } from './activity-routes';
import { activity001Table, activity002DataSource, moveActivityFromDataSource } from './activity-table';

/**
 * Record activity: `GET /api/ext/activity/recent` lists the newest record changes, read from the
 * record history (no write hook, no log of its own).
 */
export default defineServerExtension({
  name: 'activity',
  routes: activityRoutes,
  permissions: [{ code: ACTIVITY_READ, label: { 'zh-CN': '查看记录动态', 'en-US': 'View record activity' } }],
  migrations: [activity001Table, activity002DataSource],
  moveFromDataSource: moveActivityFromDataSource,
});
