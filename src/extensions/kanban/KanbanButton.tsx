import { ProjectOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBusinessTable } from '../../hooks/useBusinessTable';
import { groupableColumns, kanbanPath } from './kanban-board';

/** The list's switch to the board view, shown when the table has a column to group by. */
export const KanbanButton = ({ tableName, dataSource }: { tableName: string; dataSource: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { meta } = useBusinessTable(tableName);
  const table = meta?.table;
  if (!table || groupableColumns(table.columns, table.primaryNames ?? []).length === 0) return null;
  return (
    <Button icon={<ProjectOutlined />} onClick={() => void navigate(kanbanPath(dataSource, tableName))}>
      {t('ext.kanban.switch')}
    </Button>
  );
};
