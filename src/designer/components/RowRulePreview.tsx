import { EyeOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowRulePreview as Preview, Table } from '../../../contract';
import { useUserOptions } from '../../business/hooks/useUserOptions';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import type { HttpError } from '../../common/lib/http-error';
import { rowRulePreviewCall } from '../../providers/custom-calls';
import { ViewAsDrawer } from './ViewAsDrawer';

interface Props {
  table: Table;
  /** The rules as they would be saved; undefined while one is unfinished (no preview then). */
  rowRules: string | null | undefined;
}

type Outcome = { preview: Preview; user: string } | { error: string };

/**
 * 预览: pick a user and see how many of the table's records the read rule (as edited, saved or
 * not) lets them see, of how many there are; 以其身份查看 opens the records as that user reads
 * them under the saved permissions.
 */
export const RowRulePreview = ({ table, rowRules }: Props) => {
  const tableId = table.id as number;
  const { t, i18n } = useTranslation();
  const call = useCustomCall('metadata');
  const [userId, setUserId] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [viewing, setViewing] = useState<{ id: number; label: string } | undefined>();
  // The users are read once the picker is first opened.
  const [asked, setAsked] = useState(false);
  const { options, onSearch } = useUserOptions(asked);
  const label = options.find((option) => String(option.value) === userId)?.label;

  const run = async () => {
    if (userId === undefined || rowRules === undefined) return;
    setBusy(true);
    try {
      const preview = await call<Preview>(rowRulePreviewCall(tableId, { rowRules, userId: Number(userId) }));
      setOutcome({ preview, user: String(label ?? userId) });
    } catch (failure) {
      setOutcome({ error: (failure as Partial<HttpError>).message || t('rowRules.previewFailed') });
    } finally {
      setBusy(false);
    }
  };

  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('rowRules.previewTitle')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label={t('rowRules.previewUser')}
          showSearch
          allowClear
          filterOption={false}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
          placeholder={t('rowRules.previewUser')}
          options={options}
          value={userId}
          onSearch={onSearch}
          onFocus={() => setAsked(true)}
          onDropdownVisibleChange={(open) => open && setAsked(true)}
          onChange={(value: string | undefined) => {
            setUserId(value);
            setOutcome(undefined);
          }}
        />
        <Button
          icon={<EyeOutlined />}
          loading={busy}
          disabled={userId === undefined || rowRules === undefined}
          onClick={() => void run()}
        >
          {t('rowRules.preview')}
        </Button>
        <Button
          icon={<UserSwitchOutlined />}
          disabled={userId === undefined}
          onClick={() =>
            userId !== undefined && setViewing({ id: Number(userId), label: String(label ?? userId) })
          }
        >
          {t('rowRules.viewAs')}
        </Button>
      </Flex>
      <ViewAsDrawer table={table} user={viewing} onClose={() => setViewing(undefined)} />
      {outcome && 'error' in outcome && <Alert type="error" showIcon message={outcome.error} />}
      {outcome && 'preview' in outcome && (
        <Alert
          type={outcome.preview.limited ? 'info' : 'warning'}
          showIcon
          role="status"
          message={
            outcome.preview.limited
              ? t('rowRules.previewSees', {
                  user: outcome.user,
                  matched: number(outcome.preview.matched),
                  total: number(outcome.preview.total),
                })
              : t('rowRules.previewAll', { user: outcome.user, total: number(outcome.preview.total) })
          }
        />
      )}
    </Flex>
  );
};
