import { DeleteOutlined, PlusOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { BulkExtraActions, ListExtraActions } from '../../extensions/ExtensionSlots';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { BusinessListExportButton } from './BusinessListExportButton';

/**
 * A business list's buttons: those extensions add (unless the list's slots are off), the batch
 * actions on the selected records (restore, to the recycle bin, delete), export, import and 新增,
 * each as the user's rights and the table allow.
 */
export const BusinessListButtons = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { tableName, dataSource, recycle, rights, selectedKeys, ask, openImport, openNew, slots } =
    useBusinessListContext();
  const { locked, canKey, canUpdate, canDelete, canCreate, softDeletable, mayImport } = rights;
  const selecting = selectedKeys.length > 0;
  return (
    <Flex gap={token.marginXS} wrap>
      {slots && <ListExtraActions tableName={tableName} dataSource={dataSource} />}
      {slots && canKey && selecting && (
        <BulkExtraActions
          tableName={tableName}
          dataSource={dataSource}
          keys={selectedKeys}
          recycle={recycle}
        />
      )}
      {!locked && selecting && canUpdate && recycle && (
        <Button icon={<UndoOutlined />} onClick={() => ask('restore')}>
          {t('businessList.batchRestore')}
        </Button>
      )}
      {!locked && selecting && canDelete && softDeletable && !recycle && (
        <Button danger icon={<DeleteOutlined />} onClick={() => ask('softDelete')}>
          {t('businessList.batchSoftDelete')}
        </Button>
      )}
      {!locked && selecting && canDelete && (
        <Button danger icon={<DeleteOutlined />} onClick={() => ask('delete')}>
          {t('businessList.batchDelete')}
        </Button>
      )}
      {!locked && <BusinessListExportButton />}
      {!locked && !recycle && mayImport && (
        <Button icon={<UploadOutlined />} onClick={openImport}>
          {t('businessList.batchImport')}
        </Button>
      )}
      {canCreate && !recycle && (
        <Button type="primary" icon={<PlusOutlined />} onClick={openNew}>
          {t('businessList.add')}
        </Button>
      )}
    </Flex>
  );
};
