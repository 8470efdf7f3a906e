import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FLOW_RUN_KEYS, type FlowButton } from '../../../contract';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { useRunFlow } from './useRunFlow';

/** The row's icon button, a little narrower than antd's small one (24 px). */
const ROW_ICON_WIDTH = 20;

export interface FlowRunMenuProps {
  tableName: string;
  dataSource: string;
  /** The records to run on, keys as the API writes them in URLs. */
  keys: readonly string[];
  flows: readonly FlowButton[];
  /** `row`: an icon in a record's action cell; `bulk`: a button of its own, for the selected records. */
  look: 'row' | 'bulk';
}

/**
 * 运行流程 / Run flow: a menu of the table's button flows; the chosen one runs on the records
 * after a confirmation naming it and how many records, the button spinning until the server
 * answers. A refusal keeps the question open, with the server's reason.
 */
export const FlowRunMenu = ({ tableName, dataSource, keys, flows, look }: FlowRunMenuProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { run, busy } = useRunFlow(tableName, dataSource);
  const [chosen, setChosen] = useState<FlowButton | null>(null);
  const label = t('ext.flows.run');

  const choose = (key: string, event: { type: string }) => {
    const flow = flows.find((one) => String(one.id) === key);
    if (!flow) return;
    if (keys.length > MAX_FLOW_RUN_KEYS) {
      void message.warning(t('ext.flows.tooMany', { max: MAX_FLOW_RUN_KEYS }));
      return;
    }
    // Chosen with Enter: the question waits for the key to come up, or the same press would also
    // answer it (its OK button takes the focus as it opens).
    if (event.type === 'keydown') window.addEventListener('keyup', () => setChosen(flow), { once: true });
    else setChosen(flow);
  };
  const confirm = async () => {
    if (!chosen) return;
    if (await run(chosen, keys)) setChosen(null);
  };

  const trigger =
    look === 'row' ? (
      // narrow, beside a row's two links and ⋯ in their column
      <Button
        type="link"
        size="small"
        icon={<ThunderboltOutlined />}
        loading={busy}
        aria-label={label}
        style={{ width: ROW_ICON_WIDTH, paddingInline: 0 }}
      />
    ) : (
      <Button icon={<ThunderboltOutlined />} loading={busy}>
        {label} <DownOutlined />
      </Button>
    );
  const menu = (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      autoFocus
      disabled={busy}
      menu={{
        items: flows.map((flow) => ({ key: String(flow.id), label: flow.name })),
        onClick: ({ key, domEvent }) => choose(key, domEvent),
      }}
    >
      {trigger}
    </Dropdown>
  );
  return (
    <>
      {look === 'row' ? <Tooltip title={label}>{menu}</Tooltip> : menu}
      <ConfirmDialog
        open={chosen !== null}
        title={t('ext.flows.confirm', { name: chosen?.name ?? '' })}
        okText={t('ext.flows.runOk')}
        busy={busy}
        onOk={() => void confirm()}
        onCancel={() => setChosen(null)}
      >
        <Typography.Text type="secondary">
          {t('ext.flows.confirmHint', { count: keys.length })}
        </Typography.Text>
      </ConfirmDialog>
    </>
  );
};
