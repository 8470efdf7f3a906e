import { HistoryOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusinessListContext } from '../hooks/useBusinessListContext';

/**
 * Above a business list: the switch between its records and its recycle bin (a table with soft
 * delete), and the deleted records kept by the record history (a table that keeps it).
 */
export const BusinessListRecycleBar = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { list, recycle, rights, setDeletedOpen } = useBusinessListContext();
  const { softDeletable, keepsHistory } = rights;
  if (!softDeletable && !keepsHistory) return null;
  return (
    <Flex align="center" justify="space-between" gap={token.marginXS} wrap>
      {softDeletable ? (
        <Segmented<'live' | 'deleted'>
          aria-label={t('businessList.recycleBin')}
          value={recycle ? 'deleted' : 'live'}
          options={[
            { value: 'live', label: t('businessList.records') },
            { value: 'deleted', label: t('businessList.recycleBin') },
          ]}
          onChange={(value) => list.setRecycle(value === 'deleted')}
        />
      ) : (
        <span />
      )}
      {keepsHistory && (
        <Button type="link" icon={<HistoryOutlined />} onClick={() => setDeletedOpen(true)}>
          {t('deletedRecords.open')}
        </Button>
      )}
    </Flex>
  );
};
