import { lazyPage } from '../../common/components/lazyPage';
import { defineExtension } from '../defineExtension';
import { KanbanButton } from './KanbanButton';
import { LaneInput } from './LaneInput';
import { LaneTag } from './LaneTag';

const KanbanPage = lazyPage(() => import('./KanbanPage').then((m) => m.KanbanPage));

/** A board view of any business table with a short text or flag column, reached from the table's list. */
export default defineExtension({
  name: 'kanban',
  routes: [{ path: '/dataSource/:dataSource/ext/kanban/:tableName', component: KanbanPage }],
  slots: { list: { extraActions: KanbanButton } },
  // Chosen per column in the table designer: a lane's value as its coloured tag, and typed with a dot of that colour.
  displays: [
    {
      id: 'kanban-lane-tag',
      label: { 'zh-CN': '看板泳道标签', 'en-US': 'Board lane tag' },
      types: ['CHAR', 'VARCHAR', 'BOOL'],
      render: (value) => <LaneTag value={value} />,
    },
  ],
  fields: [
    {
      id: 'kanban-lane-input',
      label: { 'zh-CN': '看板泳道输入', 'en-US': 'Board lane input' },
      types: ['CHAR', 'VARCHAR'],
      Input: LaneInput,
    },
  ],
  locales: {
    'zh-CN': {
      title: '看板',
      switch: '看板视图',
      groupBy: '分组字段',
      none: '(空)',
      empty: '暂无数据',
      noGroupColumn: '这张表没有可用于分组的文本或布尔字段',
    },
    'en-US': {
      title: 'Board',
      switch: 'Board view',
      groupBy: 'Group by',
      none: '(none)',
      empty: 'No records',
      noGroupColumn: 'This table has no text or yes/no column to group by',
    },
  },
});
