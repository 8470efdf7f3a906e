import { defineServerExtension } from '../sdk';
import { notifyAfterCommit, notifyTables } from './notify-hook';
import notifyRoutes, { NOTIFY_MANAGE, NOTIFY_READ } from './notify-routes';
import { notifySettings } from './notify-settings';

/**
 * Change notifications: after each committed write that changed a record of a configured table,
 * one POST of its changes to `CRUDBOARD_EXT_NOTIFY_URL` (signed with `CRUDBOARD_EXT_NOTIFY_SECRET`
 * when set); never for a write that rolled back. `GET /api/ext/notify/status` shows where they go
 * and how many went, `POST /api/ext/notify/test` sends a ping. Without a URL it does nothing.
 */
export default defineServerExtension({
  name: 'notify',
  config: notifySettings,
  routes: notifyRoutes,
  permissions: [
    { code: NOTIFY_READ, label: { 'zh-CN': '查看变更通知状态', 'en-US': 'View change notification status' } },
    { code: NOTIFY_MANAGE, label: { 'zh-CN': '发送测试通知', 'en-US': 'Send test notifications' } },
  ],
  hooks: [{ tables: notifyTables, afterCommit: notifyAfterCommit }],
  writesNoRecord: { 'POST /test': 'sends a test notification to the configured receiver' },
});
