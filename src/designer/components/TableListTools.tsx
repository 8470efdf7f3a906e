import { CloudDownloadOutlined, ImportOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Table } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { exportMetadataCall, unquoteUrl } from '../../providers/custom-calls';
import { metadataToolPaths } from '../../common/lib/metadata-tool-paths';
import { ExportDialog } from '../../business/components/ExportDialog';

export interface TableListToolsProps {
  /** The tables selected in the list. */
  selected: readonly Table[];
  dataSource: string;
  /** The user may change the metadata (数据库逆向 and 导入元数据 shown). */
  canWrite?: boolean;
}

/** The table list's metadata tools: 批量导出元数据 of the selection, 导入元数据 and 数据库逆向. */
export const TableListTools = ({ selected, dataSource, canWrite = true }: TableListToolsProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const call = useCustomCall();
  const paths = metadataToolPaths(dataSource);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const ids = selected.map((table) => table.id).filter((id): id is number => id !== undefined);

  const exportSelected = async () => {
    setUrl(null);
    setOpen(true);
    try {
      setUrl(unquoteUrl(await call<string>(exportMetadataCall(ids))));
    } catch (error) {
      setOpen(false);
      const reason = (error as { message?: string } | undefined)?.message;
      void message.error(reason ? `${t('exportDialog.failed')}：${reason}` : t('exportDialog.failed'));
    }
  };

  return (
    <>
      {canWrite && (
        <>
          <Button icon={<SyncOutlined />} onClick={() => void navigate(paths.reverse)}>
            {t('screens.tableReverse')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => void navigate(paths.import)}>
            {t('screens.tableImport')}
          </Button>
        </>
      )}
      <Button
        icon={<CloudDownloadOutlined />}
        disabled={ids.length === 0}
        onClick={() => void exportSelected()}
      >
        {t('metadataExport.batch')}
      </Button>
      <ExportDialog
        open={open}
        generating={url === null}
        url={url}
        description={t('metadataExport.description', { count: ids.length })}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
