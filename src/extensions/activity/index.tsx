import { HistoryOutlined } from '@ant-design/icons';
import { lazyPage } from '../../common/components/lazyPage';
import { defineExtension } from '../defineExtension';

const ActivityPage = lazyPage(() => import('./ActivityPage').then((m) => m.ActivityPage));

/** Record activity: who created, changed or deleted which record (served by the server's activity extension). */
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
      actions: { create: '新增', update: '修改', delete: '删除' },
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
      actions: { create: 'Created', update: 'Updated', delete: 'Deleted' },
    },
  },
});
