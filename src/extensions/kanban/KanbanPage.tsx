import { useList } from '@refinedev/core';
import { Card, Empty, Flex, Select, Spin, Tag, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { choiceCaption, encodeRecordKey } from '../../../contract';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { useBusinessTable } from '../../business/hooks/useBusinessTable';
import { appPaths } from '../../common/lib/menu';
import { useCaption, useCaptionLanguage } from '../../common/hooks/useCaption';
import { ChoiceTag } from '../../fields/ChoiceTags';
import { defaultGroup, groupableColumns, titleColumn, toLanes } from './kanban-board';

type Row = Record<string, unknown>;

/**
 * A table's records as cards in lanes: one lane per option of a choice column (in option order,
 * with its caption and colour), or per value of a short text or flag column.
 */
export const KanbanPage = () => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { token } = theme.useToken();
  const { dataSource = 'primary', tableName = '' } = useParams();
  const { meta, loading, error, reload } = useBusinessTable(tableName);
  const table = meta?.table;
  const keyNames = useMemo(() => table?.primaryNames ?? [], [table]);
  const choices = useMemo(() => (table ? groupableColumns(table.columns, keyNames) : []), [table, keyNames]);
  const [picked, setPicked] = useState<string | undefined>();
  const { result, query } = useList<Row>({
    resource: tableName,
    pagination: { mode: 'off' },
    meta: { dataSource },
    queryOptions: { enabled: choices.length > 0 },
  });
  const group = picked ?? defaultGroup(choices, result.data);
  const groupColumn = choices.find((column) => column.name === group);
  const lanes = useMemo(
    () => (groupColumn ? toLanes(result.data, groupColumn) : []),
    [result.data, groupColumn],
  );
  const language = useCaptionLanguage();
  const title = table ? caption(table) : tableName;
  const listPath = appPaths(dataSource).business(tableName);
  const crumbs = [{ title, path: listPath }];

  if (error)
    return <LoadFailed title={t('ext.kanban.title')} breadcrumb={crumbs} error={error} onRetry={reload} />;
  if (loading || !table) return <Spin style={{ display: 'block', marginTop: 64 }} />;
  const cardTitle = titleColumn(table.columns, group ?? '', keyNames);
  return (
    <PageContainer
      title={t('ext.kanban.title')}
      breadcrumb={crumbs}
      extra={
        choices.length > 0 && (
          <Flex align="center" gap={token.marginXS}>
            <Typography.Text>{t('ext.kanban.groupBy')}</Typography.Text>
            <Select
              aria-label={t('ext.kanban.groupBy')}
              style={{ minWidth: 180 }}
              value={group}
              onChange={(value: string) => setPicked(value)}
              options={choices.map((column) => ({
                value: column.name,
                label: caption(column),
              }))}
            />
          </Flex>
        )
      }
    >
      {choices.length === 0 ? (
        <Empty description={t('ext.kanban.noGroupColumn')} />
      ) : query.isLoading ? (
        <Spin />
      ) : (
        <Flex
          gap={token.margin}
          align="flex-start"
          style={{ overflowX: 'auto', paddingBottom: token.padding }}
        >
          {lanes.length === 0 && <Empty description={t('ext.kanban.empty')} />}
          {lanes.map((lane) => (
            <section
              key={lane.value}
              aria-label={
                (lane.option ? choiceCaption(lane.option, language) : lane.value) || t('ext.kanban.none')
              }
            >
              <Card
                size="small"
                title={
                  <Flex justify="space-between">
                    {lane.option ? (
                      <span>
                        <ChoiceTag option={lane.option} value={lane.value} />
                      </span>
                    ) : (
                      <span>{lane.value || t('ext.kanban.none')}</span>
                    )}
                    <Tag>{lane.records.length}</Tag>
                  </Flex>
                }
                style={{ minWidth: 240, maxWidth: 300, background: token.colorFillQuaternary }}
              >
                <Flex vertical gap={token.marginXS}>
                  {lane.records.map((record) => {
                    const key = encodeRecordKey(keyNames, record);
                    const text = String(record[cardTitle] ?? key);
                    return (
                      <Card key={key} size="small" hoverable>
                        {keyNames.length > 0 ? (
                          <Link to={`${listPath}/${encodeURIComponent(key)}`}>{text}</Link>
                        ) : (
                          text
                        )}
                      </Card>
                    );
                  })}
                </Flex>
              </Card>
            </section>
          ))}
        </Flex>
      )}
    </PageContainer>
  );
};
