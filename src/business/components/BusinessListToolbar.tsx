import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { BusinessListButtons } from './BusinessListButtons';
import { CardSort } from './CardSort';
import { ColumnChooser } from './ColumnChooser';

/**
 * The bar above a business list's records: refresh, the column chooser, how many are selected, the
 * order of a phone's cards and the read-only note on one side; the list's buttons on the other.
 */
export const BusinessListToolbar = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { list, rights, selectedKeys, columns } = useBusinessListContext();
  return (
    <Flex justify="space-between" align="center" gap={token.margin} wrap>
      <Flex align="center" gap={token.marginSM} wrap>
        <Tooltip title={t('buttons.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('buttons.refresh')}
            onClick={() => void list.reload()}
          />
        </Tooltip>
        <ColumnChooser
          columns={columns.offered}
          shown={columns.shown.map((column) => column.name)}
          captionOf={columns.columnCaption}
          onChange={columns.chooseColumns}
        />
        {selectedKeys.length > 0 && (
          <Typography.Text type="secondary">
            {t('businessList.selected', { count: selectedKeys.length })}
          </Typography.Text>
        )}
        {columns.phone && columns.sortOptions.length > 0 && (
          <CardSort
            options={columns.sortOptions}
            field={list.sorters[0]?.field}
            order={list.sorters[0]?.order}
            onChange={list.sortBy}
          />
        )}
        {rights.locked && (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {t('businessList.readOnly')}
          </Typography.Text>
        )}
      </Flex>
      <BusinessListButtons />
    </Flex>
  );
};
