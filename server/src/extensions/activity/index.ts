import { defineServerExtension } from '../sdk';
import { activityHooks } from './activity-hooks';
import activityRoutes from './activity-routes';
import { activity001Table, activity002DataSource, moveActivityFromDataSource } from './activity-table';

/** Record activity: every business record change is logged; `GET /api/ext/activity/recent` lists them. */
export default defineServerExtension({
  name: 'activity',
  routes: activityRoutes,
  hooks: [activityHooks],
  migrations: [activity001Table, activity002DataSource],
  moveFromDataSource: moveActivityFromDataSource,
});
