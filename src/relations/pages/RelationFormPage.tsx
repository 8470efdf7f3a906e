import { Alert, Button } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Relation } from '../../../contract';
import { MetadataFormFrame, MetadataFormPage } from '../../common/components/MetadataFormPage';
import { RelationForm } from '../components/RelationForm';
import { useAllTables } from '../../common/hooks/useAllTables';
import {
  useMetadataEditor,
  type MetadataEditorRules,
  type MetadataFormScreen,
} from '../../common/hooks/useMetadataEditor';
import { relationPaths } from '../../common/lib/metadata-tool-paths';
import {
  buildRelationPayload,
  newRelationDraft,
  patchRelationDraft,
  relationServerErrors,
  suggestColumns,
  toRelationDraft,
  validateRelation,
  type RelationDraft,
} from '../lib/relation-form';

const FORM_FIELDS = new Set<string>([
  'name',
  'caption',
  'description',
  'relationType',
  'fromTableId',
  'fromColumnId',
  'toTableId',
  'toColumnId',
]);

const SCREEN: MetadataFormScreen = {
  resource: 'tablerelations',
  titles: { create: 'screens.relationNew', edit: 'screens.relationEdit', list: 'screens.relations' },
  listPath: (dataSource) => relationPaths(dataSource).list,
};

const RelationEditor = ({ stored }: { stored?: Relation }) => {
  const { t } = useTranslation();
  const tablesQuery = useAllTables();
  const tables = useMemo(() => tablesQuery.data ?? [], [tablesQuery.data]);
  const validate = useCallback((draft: RelationDraft) => validateRelation(draft, tables), [tables]);
  const rules: MetadataEditorRules<Relation, RelationDraft> = {
    newDraft: newRelationDraft,
    toDraft: toRelationDraft,
    validate,
    toPayload: buildRelationPayload,
    patch: (current, patch) => suggestColumns(patchRelationDraft(current, patch), tables),
    serverErrors: relationServerErrors,
    noticeKey: 'relation-errors',
  };
  const form = useMetadataEditor(SCREEN, stored, rules);
  const otherErrors = Object.entries(form.serverErrors).filter(([field]) => !FORM_FIELDS.has(field));

  return (
    <MetadataFormFrame screen={SCREEN} form={form} stored={stored}>
      {tablesQuery.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('relations.tablesLoadFailed')}
          description={(tablesQuery.error as { message?: string }).message}
          action={
            <Button size="small" onClick={() => void tablesQuery.refetch()}>
              {t('metadataList.retry')}
            </Button>
          }
        />
      )}
      {otherErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={otherErrors.map(([field, text]) => `${field}: ${text}`).join('；')}
        />
      )}
      <RelationForm
        value={form.draft}
        tables={tables}
        tablesLoading={tablesQuery.isLoading}
        errors={form.errors}
        onSubmit={form.submit}
        onChange={form.change}
      />
    </MetadataFormFrame>
  );
};

/** `metadata/relations/new` and `metadata/relations/:id`. */
export const RelationFormPage = () => <MetadataFormPage screen={SCREEN} Editor={RelationEditor} />;
