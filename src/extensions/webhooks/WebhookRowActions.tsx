import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { ReplayButton } from './ReplayButton';
import { mayResend, replayId, webhookTableOf } from './webhook-tables';

interface RowProps {
  tableName: string;
  dataSource: string;
  record: Record<string, unknown>;
}

/**
 * The webhook tables' own buttons in a record's action cell of the generic list (a slot: every
 * table's rows ask, only the two webhook tables answer). A delivery: 重发 / Resend, unless it is
 * already waiting to be sent; a webhook: Resend dead letters, as an icon beside 编辑 / Edit.
 */
export const WebhookRowActions = ({ tableName, dataSource, record }: RowProps) => {
  const table = webhookTableOf(tableName, dataSource);
  const id = replayId(record.id);
  if (!table || id === undefined) return null;
  if (table === 'webhook') return <ReplayButton kind="deadLetters" id={id} look="icon" />;
  return mayResend(record.status) ? <DeliveryRowButton id={id} /> : null;
};

/** A delivery's 重发 / Resend: its text beside the row's other actions, the icon alone on a phone's card. */
const DeliveryRowButton = ({ id }: { id: number }) => {
  const { phone } = useScreenLayout();
  return <ReplayButton kind="delivery" id={id} look={phone ? 'icon' : 'link'} />;
};
