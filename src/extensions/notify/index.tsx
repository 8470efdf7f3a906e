import { NotificationOutlined } from '@ant-design/icons';
import { lazyPage } from '../../common/components/lazyPage';
import { defineExtension } from '../defineExtension';

const NotifyPage = lazyPage(() => import('./NotifyPage').then((m) => m.NotifyPage));

/**
 * Change notifications: the status of the server's notify extension (a POST to a receiver after
 * each committed write) and a test notification.
 */
export default defineExtension({
  name: 'notify',
  resources: [
    {
      name: 'notify',
      list: { path: '/dataSource/:dataSource/ext/notify', component: NotifyPage },
      meta: {
        labelKey: 'ext.notify.menu',
        icon: <NotificationOutlined />,
        parent: 'system',
        order: 11,
        permission: 'ext:notify:read',
      },
    },
  ],
  permissions: [
    {
      code: 'ext:notify:read',
      label: { 'zh-CN': '查看变更通知状态', 'en-US': 'View change notification status' },
    },
    { code: 'ext:notify:manage', label: { 'zh-CN': '发送测试通知', 'en-US': 'Send test notifications' } },
  ],
  locales: {
    'zh-CN': {
      menu: '变更通知',
      title: '变更通知',
      refresh: '刷新',
      sendTest: '发送测试通知',
      testSent: '测试通知已送达（接收方答复 {{status}}）',
      testFailed: '测试通知发送失败',
      testFailedBecause: '测试通知发送失败：{{reason}}',
      notConfigured: '尚未配置变更通知',
      howTo:
        '每次提交成功的写入之后，服务器可以把所涉记录的变更以 JSON POST 给一个接收地址。请在服务器的环境变量中设置以下各项，然后重启服务：',
      variables: {
        URL: '接收地址（http 或 https；必填，不设置则不发送）',
        TABLES: '要通知的表名，逗号分隔；* 表示全部表（不设置则不发送）',
        SECRET: '签名密钥（可选）：每次请求带 X-Crudboard-Signature 签名头，与 Webhook 相同',
        TIMEOUT_MS: '每次请求的超时毫秒数（默认 5000）',
      },
      noTables: '未列出任何表，不会发送通知：请设置 {{variable}}',
      target: '接收方',
      tables: '通知的表',
      allTables: '全部表',
      noTable: '无',
      signed: '签名',
      signedYes: '已签名（X-Crudboard-Signature）',
      signedNo: '未签名',
      timeout: '超时',
      sent: '已送达',
      failed: '失败',
      lastAt: '最近一次',
      never: '尚未发送',
      lastError: '最近错误',
      countersHint: '计数只统计本服务器自启动以来的通知（含测试通知）。',
    },
    'en-US': {
      menu: 'Change notifications',
      title: 'Change notifications',
      refresh: 'Refresh',
      sendTest: 'Send test notification',
      testSent: 'Test notification delivered (the receiver answered {{status}})',
      testFailed: 'The test notification failed',
      testFailedBecause: 'The test notification failed: {{reason}}',
      notConfigured: 'Change notifications are not configured',
      howTo:
        'After each committed write, the server can POST the changes of its records as JSON to a receiver. Set these environment variables of the server, then restart it:',
      variables: {
        URL: 'the receiver (http or https; required, nothing is sent without it)',
        TABLES: 'the tables to notify about, comma-separated; * for every table (nothing is sent without it)',
        SECRET: 'a signing secret (optional): each call carries X-Crudboard-Signature, as webhooks do',
        TIMEOUT_MS: 'the time limit of each call in milliseconds (default 5000)',
      },
      noTables: 'No table is listed, so nothing is sent: set {{variable}}',
      target: 'Receiver',
      tables: 'Tables',
      allTables: 'Every table',
      noTable: 'None',
      signed: 'Signature',
      signedYes: 'Signed (X-Crudboard-Signature)',
      signedNo: 'Not signed',
      timeout: 'Time limit',
      sent: 'Delivered',
      failed: 'Failed',
      lastAt: 'Last call',
      never: 'None yet',
      lastError: 'Last error',
      countersHint: 'The counts are of this server since it started (test notifications included).',
    },
  },
});
