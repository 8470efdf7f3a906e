import { HistoryOutlined } from '@ant-design/icons';
import { lazyPage } from '../../common/components/lazyPage';
import { defineExtension } from '../defineExtension';

const ActivityPage = lazyPage(() => import('./ActivityPage').then((m) => m.ActivityPage));

/** Record activity: who created, changed or deleted which record (the server's activity extension reads it from the record history). */
export default defineExtension({
  name: 'activity',
  resources: [
    {
      name: 'activity',
      list: { path: '/dataSource/:dataSource/ext/activity', component: ActivityPage },
      meta: {
        labelKey: 'ext.activity.menu',
        icon: <HistoryOutlined />,
        parent: 'system',
        order: 10,
        permission: 'ext:activity:read',
      },
    },
  ],
  permissions: [
    { code: 'ext:activity:read', label: { 'zh-CN': '查看记录动态', 'en-US': 'View record activity' } },
  ],
  locales: {
    'zh-CN': {
      menu: '记录动态',
      title: '记录动态',
      table: '表',
      allTables: '全部表',
      record: '记录',
      action: '操作',
      user: '用户',
      time: '时间',
      empty: '暂无动态',
      channel: '途径',
      actions: {
        create: '新增',
        update: '修改',
        delete: '删除',
        softDelete: '移入回收站',
        restore: '从回收站恢复',
      },
      channels: { web: '网页', api: '接口', import: '导入', extension: '扩展', restore: '历史恢复' },
    },
    'en-US': {
      menu: 'Record activity',
      title: 'Record activity',
      table: 'Table',
      allTables: 'All tables',
      record: 'Record',
      action: 'Action',
      user: 'User',
      time: 'Time',
      empty: 'No activity yet',
      channel: 'Through',
      actions: {
        create: 'Created',
        update: 'Updated',
        delete: 'Deleted',
        softDelete: 'Moved to recycle bin',
        restore: 'Restored from recycle bin',
      },
      channels: {
        web: 'Web app',
        api: 'API',
        import: 'Import',
        extension: 'Extension',
        restore: 'History restore',
      },
    },
  },
});
