import { RedoOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebhookAccess } from '../../auth/hooks/useWebhookAccess';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { replayDeadLettersCall, replayDeliveryCall } from '../../providers/custom-calls';
import { useReplay } from './useReplay';

/** What is sent again: one delivery, or every dead letter of one webhook. */
export type ReplayKind = 'delivery' | 'deadLetters';

export interface ReplayButtonProps {
  kind: ReplayKind;
  /** The delivery's id, or the webhook's. */
  id: number;
  /**
   * `link`: a row's link with its text; `icon`: a row's link, the icon alone (its text is the
   * label and tooltip), where room is short; `button`: a button of its own (a record's page).
   */
  look: 'link' | 'icon' | 'button';
}

const TEXTS = {
  delivery: { label: 'resend', confirm: 'resendConfirm', hint: 'resendHint' },
  deadLetters: { label: 'resendDead', confirm: 'resendDeadConfirm', hint: 'resendDeadHint' },
} as const;

/**
 * 重发 / Resend (one delivery) or 重发全部失败投递 / Resend dead letters (a webhook's), for who may
 * manage webhooks: asks first, spins while the server answers, then says what was queued, or the
 * server's reason for refusing; the delivery lists are read again.
 */
export const ReplayButton = ({ kind, id, look }: ReplayButtonProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useWebhookAccess();
  const { run, busy } = useReplay();
  const [asking, setAsking] = useState(false);
  if (!allowed) return null;

  const texts = TEXTS[kind];
  const label = t(`ext.webhooks.${texts.label}`);
  const replay = async () => {
    const replayed = await run(kind === 'delivery' ? replayDeliveryCall(id) : replayDeadLettersCall(id));
    if (replayed === undefined) return;
    setAsking(false);
    if (kind === 'delivery') {
      if (replayed > 0) void message.success(t('ext.webhooks.queued'));
      else void message.info(t('ext.webhooks.alreadyPending'));
    } else if (replayed > 0) void message.success(t('ext.webhooks.deadQueued', { count: replayed }));
    else void message.info(t('ext.webhooks.noDeadLetters'));
  };

  const iconOnly = look === 'icon';
  const button = (
    <Button
      type={look === 'button' ? 'default' : 'link'}
      size={look === 'button' ? 'middle' : 'small'}
      icon={<RedoOutlined />}
      loading={busy}
      aria-label={iconOnly ? label : undefined}
      onClick={() => setAsking(true)}
    >
      {iconOnly ? null : label}
    </Button>
  );
  return (
    <>
      {iconOnly ? <Tooltip title={label}>{button}</Tooltip> : button}
      <ConfirmDialog
        open={asking}
        title={t(`ext.webhooks.${texts.confirm}`)}
        okText={label}
        busy={busy}
        onOk={() => void replay()}
        onCancel={() => setAsking(false)}
      >
        <Typography.Text type="secondary">{t(`ext.webhooks.${texts.hint}`)}</Typography.Text>
      </ConfirmDialog>
    </>
  );
};
