import { useParams } from 'react-router';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { BusinessListProvider } from '../components/BusinessListProvider';
import { BusinessListView } from '../components/BusinessListView';

export interface BusinessListPageProps {
  /** Hide add, edit, delete, import and export whatever the table says (docs/product.md §6). */
  readOnly?: boolean;
}

/**
 * The generic business data list (`business/:tableName`, docs/product.md §2): filters, banner actions,
 * row actions, columns, export, recycle bin and paging, all driven by the table's metadata: its
 * controller (`BusinessListProvider` over `useBusinessListActions`) shown by its view
 * (`BusinessListView`). Another table or data source starts from a fresh list.
 */
export const BusinessListPage = ({ readOnly = false }: BusinessListPageProps) => {
  const tableName = useParams().tableName ?? '';
  const { dataSource } = useCurrentDataSource();
  return (
    <BusinessListProvider key={`${dataSource}/${tableName}`} tableName={tableName} readOnly={readOnly}>
      <BusinessListView />
    </BusinessListProvider>
  );
};
