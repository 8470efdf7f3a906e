import { defineExtension } from '../defineExtension';
import { FlowBulkActions, FlowRowActions } from './FlowActions';

/**
 * Running a table's button flows (a flow with trigger `button`, kept in the `flow` system table)
 * from its generic list: on a record, from its action cell, and on the selected records, beside the
 * batch actions. Whoever may read the table sees its enabled button flows; a table with none shows
 * nothing.
 */
export default defineExtension({
  name: 'flows',
  slots: {
    list: { rowActions: FlowRowActions, bulkActions: FlowBulkActions },
  },
  locales: {
    'zh-CN': {
      run: '运行流程',
      runOk: '运行',
      confirm: '运行流程「{{name}}」？',
      confirmHint: '将对 {{count}} 条记录运行，流程可能会修改这些记录。',
      tooMany: '一次最多对 {{max}} 条记录运行流程',
      ran: '流程「{{name}}」已运行：{{count}} 条记录成功',
      ranPartly: '流程「{{name}}」已运行：{{ok}} 条成功，{{failed}} 条失败',
      failedAtStep: '记录 {{key}}：第 {{step}} 步：{{error}}',
      failedRecord: '记录 {{key}}：{{error}}',
      noReason: '原因不明',
      moreFailures: '另有 {{count}} 条失败',
      failed: '流程运行失败',
      failedBecause: '流程运行失败：{{reason}}',
    },
    'en-US': {
      run: 'Run flow',
      runOk: 'Run',
      confirm: 'Run flow “{{name}}”?',
      confirmHint_one: 'It runs on {{count}} record, and may change it.',
      confirmHint_other: 'It runs on {{count}} records, and may change them.',
      tooMany: 'A flow runs on at most {{max}} records at a time',
      ran_one: 'Flow “{{name}}” ran: {{count}} record succeeded',
      ran_other: 'Flow “{{name}}” ran: {{count}} records succeeded',
      ranPartly: 'Flow “{{name}}” ran: {{ok}} succeeded, {{failed}} failed',
      failedAtStep: 'Record {{key}}: step {{step}}: {{error}}',
      failedRecord: 'Record {{key}}: {{error}}',
      noReason: 'no reason given',
      moreFailures_one: '{{count}} more failed',
      moreFailures_other: '{{count}} more failed',
      failed: 'Could not run the flow',
      failedBecause: 'Could not run the flow: {{reason}}',
    },
  },
});
