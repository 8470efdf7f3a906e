import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Table } from '../../../contract';
import { IndexEditor } from '../components/IndexEditor';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import { useIssueText } from '../../common/hooks/useIssueText';
import { useMetadataRecord } from '../../common/hooks/useMetadataRecord';
import { useMetadataSave } from '../../common/hooks/useMetadataSave';
import { EMPTY_GRID_ERRORS, mergeGridErrors, toGridErrors, type GridErrors } from '../lib/grid-errors';
import type { HttpError } from '../../common/lib/http-error';
import {
  toIndexOutput,
  toIndexPatch,
  toIndexRows,
  validateIndexRows,
  type IndexRow,
} from '../lib/index-rows';
import { tablePaths } from '../../common/lib/metadata-paths';
import type { Issues } from '../../common/lib/name-rules';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useCaption } from '../../common/hooks/useCaption';

/** Before the first save, a new row's still-missing parts are not errors yet. */
const PENDING_KEYS = new Set(['required', 'indexTypeRequired', 'indexColumnsRequired']);
const visibleIssues = (issues: Issues, attempted: boolean): Issues =>
  attempted
    ? issues
    : Object.fromEntries(Object.entries(issues).filter(([, issue]) => !PENDING_KEYS.has(issue.key)));

const IndexesForm = ({ table, onSaved }: { table: Table; onSaved: () => Promise<unknown> }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { texts } = useIssueText();
  const invalidate = useInvalidateMetadata();
  const saveTable = useMetadataSave<Table>('tables');
  const [rows, setRows] = useState<IndexRow[]>(() => toIndexRows(table.indexs));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<GridErrors>(EMPTY_GRID_ERRORS);
  const [saving, setSaving] = useState(false);

  const issues = useMemo(() => validateIndexRows(rows, table.columns), [rows, table.columns]);
  const keys = rows.map((row) => String(row.id));
  const errors = mergeGridErrors(
    serverErrors,
    toGridErrors(texts(visibleIssues(issues, attempted)), 'indexs', keys),
  );

  const save = async () => {
    setAttempted(true);
    const count = Object.keys(issues).length;
    if (count > 0) {
      void message.error({ content: t('designer.fixErrors', { count }), key: 'index-errors' });
      return;
    }
    setSaving(true);
    try {
      // `{indexs}` alone edits the composite indexes.
      await saveTable(toIndexPatch(toIndexOutput(rows, table.columns)), table.id as number);
      message.destroy('index-errors');
      void message.success(t('indexes.saveSuccess'));
      await invalidate('tables');
      await onSaved();
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setServerErrors(toGridErrors(failure.errors, 'indexs', keys));
      void message.error({ content: failure.message || t('designer.saveFailed'), key: 'index-errors' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <IndexEditor
        rows={rows}
        columns={table.columns}
        errors={errors.rows}
        onChange={(next) => {
          setRows(next);
          setServerErrors(EMPTY_GRID_ERRORS);
        }}
      />
      {errors.general.length > 0 && (
        <Alert type="error" showIcon style={{ marginTop: 8 }} message={errors.general.join('；')} />
      )}
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
          {t('buttons.save')}
        </Button>
      </Space>
    </>
  );
};

/** `metadata/tables/:id/indexs`: the composite indexes of a table; saving PATCHes `{indexs}`. */
export const TableIndexesPage = () => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { id } = useParams();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const paths = tablePaths(dataSource);
  const table = useMetadataRecord<Table>('tables', id);
  const [version, setVersion] = useState(0);
  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: paths.list },
    ...(id ? [{ title: t('screens.tableEdit'), path: paths.edit(id) }] : []),
  ];
  if (table.isPending) return <PageSpin />;
  if (table.isError) {
    return (
      <LoadFailed
        title={t('screens.tableIndexes')}
        breadcrumb={breadcrumb}
        error={table.error}
        onRetry={() => void table.refetch()}
      />
    );
  }
  return (
    <PageContainer
      title={t('screens.tableIndexes')}
      subTitle={captionOf(table.data)}
      breadcrumb={breadcrumb}
      extra={
        <Button onClick={() => void navigate(paths.edit(table.data.id as number))}>
          {t('indexes.editTable')}
        </Button>
      }
    >
      <Card>
        <IndexesForm
          key={`${table.data.id}:${version}`}
          table={table.data}
          onSaved={async () => {
            await table.refetch();
            setVersion((v) => v + 1);
          }}
        />
      </Card>
    </PageContainer>
  );
};
