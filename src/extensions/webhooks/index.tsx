import { defineExtension } from '../defineExtension';
import { DeliveryStatusTag } from './DeliveryStatusTag';
import { WebhookRecordActions } from './WebhookRecordActions';
import { WebhookRowActions } from './WebhookRowActions';

/**
 * Sending webhook deliveries again, on the generic pages of the two webhook system tables
 * (`webhook`, `webhookDelivery`): a row action and a button on the record's page, through the
 * list and form slots. Who may manage webhooks (`webhook:manage`) sees them.
 */
export default defineExtension({
  name: 'webhooks',
  slots: {
    list: { rowActions: WebhookRowActions },
    form: { beforeFields: WebhookRecordActions },
  },
  // Chosen per column in the table designer (the deliveries' 状态 column): the status as a coloured tag.
  displays: [
    {
      id: 'webhook-delivery-status',
      label: { 'zh-CN': 'Webhook 投递状态', 'en-US': 'Webhook delivery status' },
      types: ['VARCHAR', 'CHAR'],
      render: (value) => <DeliveryStatusTag value={value} />,
    },
  ],
  locales: {
    'zh-CN': {
      resend: '重发',
      resendConfirm: '重新发送这次投递？',
      resendHint: '它会重新排队，尽快发送给接收方。',
      queued: '已重新排队',
      alreadyPending: '这次投递已在等待发送',
      resendDead: '重发全部失败投递',
      resendDeadConfirm: '重新发送这个 Webhook 全部已放弃的投递？',
      resendDeadHint: '已放弃（多次失败后不再重试）的投递会重新排队，尽快发送。',
      deadQueued: '已重新排队 {{count}} 条投递',
      noDeadLetters: '没有已放弃的投递需要重发',
      failed: '重发失败',
      failedBecause: '重发失败：{{reason}}',
      deliveries: '投递记录',
      statusLabel: '状态',
      status: { pending: '待投递', delivered: '已投递', failed: '重试中', dead: '已放弃' },
    },
    'en-US': {
      resend: 'Resend',
      resendConfirm: 'Send this delivery again?',
      resendHint: 'It is queued again and sent to the receiver as soon as possible.',
      queued: 'Queued to send again',
      alreadyPending: 'This delivery is already waiting to be sent',
      resendDead: 'Resend dead letters',
      resendDeadConfirm: "Send this webhook's dead letters again?",
      resendDeadHint:
        'Deliveries given up after their retries are queued again and sent as soon as possible.',
      deadQueued_one: '{{count}} delivery queued to send again',
      deadQueued_other: '{{count}} deliveries queued to send again',
      noDeadLetters: 'There are no dead letters to resend',
      failed: 'Could not resend',
      failedBecause: 'Could not resend: {{reason}}',
      deliveries: 'Deliveries',
      statusLabel: 'Status',
      status: { pending: 'Pending', delivered: 'Delivered', failed: 'Retrying', dead: 'Dead letter' },
    },
  },
});
