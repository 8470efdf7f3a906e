import { useList, type CrudFilter } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Table, Typography, theme, type InputRef } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  businessPermission,
  DEFAULT_LIMIT,
  encodeRecordKey as recordKey,
  isChoiceColumn,
} from '../../../contract';
import { ChoiceTags } from '../../fields/ChoiceTags';
import { useBusinessTable } from '../hooks/useBusinessTable';
import { cellText } from '../lib/business-cells';
import { pickerColumns } from '../lib/picker-columns';
import { softDeleteFilter } from '../lib/business-filters';
import type { BusinessRecord } from '../lib/business-record';
import { SEARCH_FIELD } from '../../common/lib/query-params';
import { pageCountOf } from '../../common/lib/pagination';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { PaginationBar } from '../../common/components/PaginationBar';
import { useCaption } from '../../common/hooks/useCaption';
import { useOpenFocus } from '../../common/hooks/useOpenFocus';

export interface RelationPickerProps {
  open: boolean;
  /** The related table whose records are offered. */
  tableName: string;
  multiple: boolean;
  /** The records chosen so far (kept selected). */
  value: BusinessRecord[];
  onOk: (records: BusinessRecord[]) => void;
  onCancel: () => void;
}

type PickerListProps = Omit<RelationPickerProps, 'open'> & {
  /** The keyword box, which takes focus once the dialog has opened. */
  searchRef: Ref<InputRef>;
};

const PickerList = ({ tableName, multiple, value, onOk, onCancel, searchRef }: PickerListProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { dataSource } = useCurrentDataSource();
  const caption = useCaption();
  const { meta, loading, error } = useBusinessTable(tableName);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_LIMIT);
  const primaryNames = useMemo(() => meta?.table.primaryNames ?? [], [meta]);
  // Until the user changes it, the selection is what the field holds.
  const [changed, setChanged] = useState<Map<string, BusinessRecord> | null>(null);
  const initial = useMemo(
    () => new Map(value.map((record) => [recordKey(primaryNames, record), record] as const)),
    [primaryNames, value],
  );
  const chosen = changed ?? initial;
  const setChosen = (update: (before: Map<string, BusinessRecord>) => Map<string, BusinessRecord>) =>
    setChanged(update(chosen));

  // Refine's list: the page and its total in one request, shared with every list of the table.
  const filters = useMemo<CrudFilter[]>(
    () => [
      { field: SEARCH_FIELD, operator: 'eq', value: search },
      ...Object.entries(meta ? softDeleteFilter(meta.table, false) : {}).map(
        ([field, value]): CrudFilter => ({ field, operator: 'eq', value }),
      ),
    ],
    [meta, search],
  );
  // Asked to count every match of the keyword, past the server's bound (a new keyword asks anew).
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exactAsked = exactFor === search;
  const { result, query: rowsQuery } = useList<BusinessRecord>({
    resource: tableName,
    pagination: { currentPage: page, pageSize: rowsPerPage, mode: 'server' },
    filters,
    meta: {
      dataSource,
      requiredPermissions: [businessPermission(tableName, 'read')],
      ...(exactAsked ? { exactTotal: true } : {}),
    },
    errorNotification: false,
    queryOptions: { enabled: Boolean(meta), placeholderData: keepPreviousData },
  });
  const count = result.total ?? 0;
  const countExact = result.totalExact !== false;
  const current =
    rowsQuery.data === undefined || !countExact ? page : Math.min(page, pageCountOf(count, rowsPerPage));

  const labels = useMemo(() => ({ yes: t('common.yes'), no: t('common.no') }), [t]);
  const columns = useMemo<TableColumnsType<BusinessRecord>>(
    () =>
      meta
        ? pickerColumns(meta.table, meta.layouts).map((column) => ({
            key: column.name,
            dataIndex: column.name,
            title: caption(column),
            ellipsis: true,
            // a choice column reads as in the list: its options' captions, not the stored values
            render: (cell: unknown) =>
              isChoiceColumn(column) ? (
                <ChoiceTags column={column} value={cell} />
              ) : (
                cellText(column, cell, labels)
              ),
          }))
        : [],
    [meta, labels, caption],
  );

  const rows = result.data;
  const failure = error ?? rowsQuery.error;
  const submitSearch = (text: string) => {
    setKeyword(text);
    setSearch(text.trim());
    setPage(1);
  };

  return (
    <Flex vertical gap={token.margin} style={{ minHeight: '60vh' }}>
      <Flex align="center" gap={token.marginSM} wrap>
        <Input.Search
          ref={searchRef}
          allowClear
          aria-label={t('businessList.keyword')}
          placeholder={t('businessList.keyword')}
          enterButton={t('businessList.query')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={submitSearch}
          style={{ width: 320 }}
        />
        {chosen.size > 0 && (
          <Typography.Text type="secondary">
            {t('businessList.selected', { count: chosen.size })}
          </Typography.Text>
        )}
      </Flex>
      {failure ? (
        <Alert type="error" showIcon message={(failure as { message?: string }).message ?? String(failure)} />
      ) : null}
      <Table<BusinessRecord>
        size="small"
        rowKey={(record) => recordKey(primaryNames, record)}
        columns={columns}
        dataSource={rows}
        loading={loading || rowsQuery.isLoading}
        pagination={false}
        scroll={{ x: 'max-content', y: '55vh' }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys, picked) => {
            setChosen((before) => {
              const next = new Map<string, BusinessRecord>();
              const onPage = new Map(picked.filter(Boolean).map((r) => [recordKey(primaryNames, r), r]));
              for (const key of keys) {
                const text = String(key);
                const record = onPage.get(text) ?? before.get(text);
                if (record) next.set(text, record);
              }
              return next;
            });
          },
        }}
      />
      <PaginationBar
        page={current}
        rowsPerPage={rowsPerPage}
        count={count}
        countExact={countExact}
        countingExactly={exactAsked && !countExact && rowsQuery.isFetching}
        onCountExactly={() => setExactFor(search)}
        onChange={(nextPage, nextRows) => {
          setPage(nextPage);
          setRowsPerPage(nextRows);
        }}
      />
      <Flex justify="flex-end" gap={token.marginXS}>
        <Button onClick={onCancel}>{t('buttons.cancel')}</Button>
        <Button type="primary" onClick={() => onOk([...chosen.values()])}>
          {t('common.ok')}
        </Button>
      </Flex>
    </Flex>
  );
};

/** docs/product.md §2 relation picker: a full-size dialog listing the related table read-only, single or multiple choice. */
const RelationPicker = ({ open, ...props }: RelationPickerProps) => {
  const { t } = useTranslation();
  const { ref: searchRef, afterOpenChange } = useOpenFocus<InputRef>();
  return (
    <Modal
      open={open}
      title={t('businessList.pickTitle')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      footer={null}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      onCancel={props.onCancel}
    >
      {open && <PickerList {...props} searchRef={searchRef} />}
    </Modal>
  );
};

export default RelationPicker;
