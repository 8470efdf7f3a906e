import { useDataProvider } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Table } from '../../../contract';
import { parseFormLayouts, type FormLayoutType } from '../../business/lib/business-meta';
import { listFormLayoutRecords } from '../../providers/system-records';
import { useDiscardConfirm } from '../../common/hooks/useDiscardConfirm';
import { useLeaveGuard } from '../../common/hooks/useLeaveGuard';
import { useMetadataRecord } from '../../common/hooks/useMetadataRecord';
import { appPaths } from '../../common/lib/menu';
import { tablePaths } from '../../common/lib/metadata-paths';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/**
 * The form builder's controller (`metadata/tables/:id/formBuilder`): the table by id (Refine's
 * `useOne`), its stored layouts (`listFormLayoutRecords` through the data provider, parsed), which layout is
 * open (the list, or a form), and the leave guard: leaving, or switching to another layout, with
 * unsaved changes asks first. The open layout's own controller is `useLayoutEditor`.
 */
export const useFormBuilder = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const { dataSource } = useCurrentDataSource();
  const table = useMetadataRecord<Table>('tables', id);
  const provider = useDataProvider();
  const [type, setType] = useState<FormLayoutType>('list');
  const dirty = useRef(false);
  useLeaveGuard(dirty, t('warnWhenUnsavedChanges'));
  const confirmDiscard = useDiscardConfirm();

  const tableId = table.data?.id;
  const layouts = useQuery({
    queryKey: ['business', dataSource, 'tableFormBuilder', tableId],
    queryFn: async ({ signal }) =>
      parseFormLayouts(
        await listFormLayoutRecords(provider(), { dataSource, tableId: tableId as number }, signal),
      ),
    enabled: tableId !== undefined,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  /** Opens another layout; with unsaved changes only once the user agrees to drop them. */
  const pickType = (next: FormLayoutType) => {
    if (next === type) return;
    confirmDiscard(Boolean(dirty.current), t('layoutBuilder.switchConfirm'), () => {
      dirty.current = false;
      setType(next);
    });
  };

  return {
    /** The table's id as the URL gives it. */
    id,
    paths: tablePaths(dataSource),
    /** The business list of a table, to see a layout at work. */
    businessPath: (name: string) => appPaths(dataSource).business(name),
    table,
    layouts,
    type,
    pickType,
    /** Set by the open layout while it has unsaved changes. */
    dirty,
  };
};

export type FormBuilderController = ReturnType<typeof useFormBuilder>;
