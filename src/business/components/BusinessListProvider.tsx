import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { useBusinessListActions } from '../hooks/useBusinessListActions';
import { useBusinessListColumns } from '../hooks/useBusinessListColumns';
import { BusinessListContext } from '../hooks/useBusinessListContext';
import { useBusinessTable, type BusinessTableMeta } from '../hooks/useBusinessTable';
import { useTableHeading } from '../hooks/useTableHeading';

export interface BusinessListProviderProps {
  tableName: string;
  /** Hide add, edit, delete, import and export whatever the table says (docs/product.md §6). */
  readOnly?: boolean;
  /**
   * Whether the pieces show the buttons other extensions add to every list (`slots.list`: beside
   * 新增, in each row, for the selected records). On unless an extension's page turns them off.
   */
  slots?: boolean;
  /** The list's view: `BusinessListView`, or a page of one's own made of its pieces. */
  children: ReactNode;
}

/**
 * A business list of one table for the pieces inside it (`useBusinessListContext`): loads the
 * table's metadata first (a page with a spinner meanwhile, with the failure and a retry), then runs
 * the list's controller (`useBusinessListActions`) and columns (`useBusinessListColumns`). Give it a
 * `key` of the data source and table: another table starts from a fresh list.
 */
export const BusinessListProvider = ({
  tableName,
  readOnly = false,
  slots = true,
  children,
}: BusinessListProviderProps) => {
  const { t } = useTranslation();
  const { meta, loading, error, reload } = useBusinessTable(tableName);
  const heading = useTableHeading(tableName, meta?.table);
  if (loading) {
    return (
      <PageContainer title={heading.caption} breadcrumb={heading.listTrail}>
        <PageSpin />
      </PageContainer>
    );
  }
  if (error || !meta) {
    return (
      <LoadFailed
        title={heading.caption ?? tableName}
        breadcrumb={heading.listTrail}
        error={error ?? new Error(t('businessList.metaLoadFailed'))}
        onRetry={reload}
      />
    );
  }
  return (
    <BusinessListScope tableName={tableName} readOnly={readOnly} slots={slots} meta={meta}>
      {children}
    </BusinessListScope>
  );
};

const BusinessListScope = ({
  tableName,
  readOnly,
  slots,
  meta,
  children,
}: {
  tableName: string;
  readOnly: boolean;
  slots: boolean;
  meta: BusinessTableMeta;
  children: ReactNode;
}) => {
  const actions = useBusinessListActions(tableName, meta, readOnly);
  const columns = useBusinessListColumns(actions);
  return (
    <BusinessListContext.Provider value={{ ...actions, columns, slots }}>
      {children}
    </BusinessListContext.Provider>
  );
};
