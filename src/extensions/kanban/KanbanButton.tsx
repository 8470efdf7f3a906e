import { ProjectOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { kanbanPath } from './kanban-board';

/**
 * The list's switch to the board view. It loads nothing itself (the list's requests stay as they
 * are); a table without a column to group by gets an explanation on the board page.
 */
export const KanbanButton = ({ tableName, dataSource }: { tableName: string; dataSource: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ProjectOutlined />} onClick={() => void navigate(kanbanPath(dataSource, tableName))}>
      {t('ext.kanban.switch')}
    </Button>
  );
};
