import { useDataProvider } from '@refinedev/core';
import {
  CloseOutlined,
  EditOutlined,
  HolderOutlined,
  PlusOutlined,
  SaveOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  InputNumber,
  Row,
  Segmented,
  Space,
  Table as DataTable,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Column, Table } from '../../../contract';
import { listFormLayouts, saveFormLayout } from '../../providers/system-records';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { PageContainer } from '../../shared/components/PageContainer';
import { PageSpin } from '../../shared/components/PageSpin';
import { RecordFields } from '../../business/components/RecordFields';
import { businessMetaQueryKey } from '../../business/hooks/useBusinessTable';
import { useLeaveGuard } from '../../shared/hooks/useLeaveGuard';
import { useMetadataRecord } from '../../shared/hooks/useMetadataRecord';
import { useSaveShortcut } from '../../shared/hooks/useSaveShortcut';
import { listColumns } from '../../business/lib/business-cells';
import { findLayout, type FormLayout, type FormLayoutType } from '../../business/lib/business-meta';
import { formFields } from '../../business/lib/form-fields';
import { GRID_COLUMNS, placeFields } from '../../business/lib/form-layout';
import type { HttpError } from '../../shared/lib/http-error';
import {
  draftLayout,
  hasWidths,
  initialBuilder,
  LAYOUT_TYPES,
  layoutColumns,
  reorderSelected,
  sameBuilder,
  selectColumn,
  serializeLayoutBody,
  setWidth,
  unselectColumn,
  type BuilderState,
} from '../lib/layout-builder';
import { appPaths } from '../../shared/lib/menu';
import { tablePaths } from '../../shared/lib/metadata-paths';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

type ListName = 'selected' | 'unselected';

const itemId = (columnId: number) => `column-${columnId}`;
const columnIdOf = (id: string | number) => Number(String(id).replace('column-', ''));
const zoneId = (list: ListName) => `zone-${list}`;

/** The list a draggable or droppable belongs to (an item of a sortable list, or a list's zone). */
const listOf = (data: Record<string, unknown> | undefined): ListName | undefined => {
  const sortable = data?.sortable as { containerId?: unknown } | undefined;
  const list = sortable?.containerId ?? data?.list;
  return list === 'selected' || list === 'unselected' ? list : undefined;
};

const columnLabel = (column: Column | undefined): string =>
  column ? (column.caption ? `${column.caption} (${column.name})` : column.name) : '';

interface ItemProps {
  column: Column;
  list: ListName;
  width?: number;
  required: boolean;
  showWidth: boolean;
  onMove: () => void;
  onWidth?: (width: number | null) => void;
}

/** One column in either list: a drag handle, its names, its width (forms) and a move button. */
const BuilderItemRow = ({ column, list, width, required, showWidth, onMove, onWidth }: ItemProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: itemId(column.id as number), data: { list } });
  const name = column.caption || column.name;
  return (
    <li
      ref={setNodeRef}
      data-testid={`${list}-${column.name}`}
      style={{
        listStyle: 'none',
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        marginBottom: token.marginXS,
        background: isDragging ? token.colorPrimaryBg : token.colorBgContainer,
        border: `1px solid ${isDragging ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        boxShadow: isDragging ? token.boxShadowSecondary : undefined,
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={t('layoutBuilder.drag', { name })}
        style={{ cursor: 'grab', touchAction: 'none', color: token.colorTextTertiary }}
        {...attributes}
        {...listeners}
      />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ lineHeight: 1.3 }}>
          {name}
          {required && (
            <Tooltip title={t('layoutBuilder.required')}>
              <span
                aria-label={t('layoutBuilder.required')}
                style={{ color: token.colorError, marginInlineStart: 4 }}
              >
                *
              </span>
            </Tooltip>
          )}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, lineHeight: 1.3 }}>
          {column.name} · {column.dataType}
        </Typography.Text>
      </Flex>
      {showWidth && list === 'selected' && (
        <Tooltip title={t('layoutBuilder.width')}>
          <InputNumber
            size="small"
            min={1}
            max={GRID_COLUMNS}
            precision={0}
            value={width}
            aria-label={t('layoutBuilder.widthOf', { name })}
            suffix={`/${GRID_COLUMNS}`}
            style={{ width: 76 }}
            onChange={(value) => onWidth?.(value)}
          />
        </Tooltip>
      )}
      <Button
        type="text"
        size="small"
        icon={list === 'selected' ? <CloseOutlined /> : <PlusOutlined />}
        aria-label={t(list === 'selected' ? 'layoutBuilder.remove' : 'layoutBuilder.add', { name })}
        onClick={onMove}
      />
    </li>
  );
};

interface ZoneProps {
  list: ListName;
  title: string;
  count: number;
  extra?: ReactNode;
  empty: string;
  children: ReactNode;
}

/** A list of the builder: a card whose whole body takes drops. */
const BuilderZone = ({ list, title, count, extra, empty, children }: ZoneProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(list), data: { list } });
  return (
    <Card
      size="small"
      title={
        <Space>
          <span>{title}</span>
          <Tag bordered={false}>{t('layoutBuilder.count', { count })}</Tag>
        </Space>
      }
      extra={extra}
      styles={{ body: { padding: token.paddingXS } }}
    >
      <ul
        ref={setNodeRef}
        aria-label={title}
        data-testid={`zone-${list}`}
        style={{
          margin: 0,
          padding: token.paddingXXS,
          minHeight: 240,
          maxHeight: 'calc(100vh - 400px)',
          overflowY: 'auto',
          borderRadius: token.borderRadius,
          background: isOver ? token.colorPrimaryBg : token.colorFillQuaternary,
          outline: isOver ? `1px dashed ${token.colorPrimary}` : undefined,
          transition: 'background 0.2s',
        }}
      >
        {children}
        {count === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: '48px 0' }} />
        )}
      </ul>
    </Card>
  );
};

interface EditorProps {
  table: Table;
  type: FormLayoutType;
  stored: FormLayout | undefined;
  dirtyRef: React.RefObject<boolean>;
  onSaved: () => Promise<unknown>;
}

/** The two lists, widths and preview of one layout; saves on 保存 or Ctrl+S. */
const LayoutEditor = ({ table, type, stored, dirtyRef, onSaved }: EditorProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const records = useDataProvider()();
  const { dataSource } = useCurrentDataSource();
  const candidates = useMemo(() => layoutColumns(table, type), [table, type]);
  const byId = useMemo(
    () => new Map(candidates.map((column) => [column.id as number, column])),
    [candidates],
  );
  const initial = useMemo(() => initialBuilder(table, type, stored), [table, type, stored]);
  const [state, setState] = useState<BuilderState>(initial);
  const [saving, setSaving] = useState(false);
  const unsaved = !sameBuilder(state, initial, type);
  useEffect(() => {
    dirtyRef.current = unsaved;
  }, [unsaved, dirtyRef]);

  const required = useMemo(
    () =>
      new Set(
        type === 'list'
          ? []
          : formFields(table, type)
              .filter((field) => field.required)
              .map((field) => field.column.id as number),
      ),
    [table, type],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: string | number | undefined): string => {
    if (id === undefined) return '';
    if (id === zoneId('selected')) return t('layoutBuilder.selected');
    if (id === zoneId('unselected')) return t('layoutBuilder.unselected');
    return columnLabel(byId.get(columnIdOf(id)));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('layoutBuilder.pickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('layoutBuilder.movedOver', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('layoutBuilder.dropped', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('layoutBuilder.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = listOf(active.data.current);
    const to = listOf(over.data.current);
    const columnId = columnIdOf(active.id);
    if (!from || !to) return;
    setState((current) => {
      if (to === 'unselected')
        return from === 'selected' ? unselectColumn(current, candidates, columnId) : current;
      const overIndex = current.selected.findIndex((item) => itemId(item.columnId) === over.id);
      if (from === 'selected') {
        const fromIndex = current.selected.findIndex((item) => item.columnId === columnId);
        return reorderSelected(current, fromIndex, overIndex < 0 ? current.selected.length - 1 : overIndex);
      }
      return selectColumn(current, candidates, columnId, overIndex < 0 ? undefined : overIndex);
    });
  };

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await saveFormLayout(
        records,
        { id: stored?.id, tableId: table.id as number, device: 'pc', type },
        serializeLayoutBody(state, type),
      );
      dirtyRef.current = false;
      void message.success({ content: t('layoutBuilder.saved'), key: 'layout-builder' });
      // The list and forms of the table read the new layout at once.
      await queryClient.invalidateQueries({ queryKey: businessMetaQueryKey(dataSource, table.name) });
      await onSaved();
    } catch (error) {
      const failure = error as Partial<HttpError>;
      void message.error({
        content: failure.message || t('layoutBuilder.saveFailed'),
        key: 'layout-builder',
      });
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  const layout = draftLayout(table, type, state);
  const preview =
    type === 'list' ? (
      <>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('layoutBuilder.previewList')}
        </Typography.Paragraph>
        <DataTable
          size="small"
          bordered
          data-testid="preview-list"
          rowKey="key"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={[]}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          columns={(state.selected.length > 0 ? listColumns(table, [layout]) : []).map((column) => ({
            key: column.name,
            title: column.caption || column.name,
          }))}
        />
      </>
    ) : state.selected.length === 0 && required.size === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layoutBuilder.previewEmpty')} />
    ) : (
      <Form layout="vertical" data-testid="preview-form" disabled={false}>
        <RecordFields fields={placeFields(formFields(table, type), layout)} mode={type} />
      </Form>
    );

  if (candidates.length === 0) {
    return (
      <Card>
        <Empty description={t('layoutBuilder.noColumns')} />
      </Card>
    );
  }

  return (
    <Flex vertical gap={token.margin}>
      {!stored && <Alert type="info" showIcon message={t('layoutBuilder.noSaved')} />}
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={12}>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCorners}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('layoutBuilder.keyboardHint') },
            }}
          >
            <Row gutter={token.marginSM}>
              <Col span={12}>
                <SortableContext
                  id="unselected"
                  items={state.unselected.map(itemId)}
                  strategy={verticalListSortingStrategy}
                >
                  <BuilderZone
                    list="unselected"
                    title={t('layoutBuilder.unselected')}
                    count={state.unselected.length}
                    empty={t('layoutBuilder.emptyUnselected')}
                    extra={
                      <Button
                        type="link"
                        size="small"
                        disabled={state.unselected.length === 0}
                        onClick={() =>
                          setState((current) =>
                            current.unselected.reduce(
                              (next, id) => selectColumn(next, candidates, id),
                              current,
                            ),
                          )
                        }
                      >
                        {t('layoutBuilder.addAll')}
                      </Button>
                    }
                  >
                    {state.unselected.map((id) => (
                      <BuilderItemRow
                        key={id}
                        column={byId.get(id) as Column}
                        list="unselected"
                        required={required.has(id)}
                        showWidth={false}
                        onMove={() => setState((current) => selectColumn(current, candidates, id))}
                      />
                    ))}
                  </BuilderZone>
                </SortableContext>
              </Col>
              <Col span={12}>
                <SortableContext
                  id="selected"
                  items={state.selected.map((item) => itemId(item.columnId))}
                  strategy={verticalListSortingStrategy}
                >
                  <BuilderZone
                    list="selected"
                    title={t('layoutBuilder.selected')}
                    count={state.selected.length}
                    empty={t('layoutBuilder.emptySelected')}
                    extra={
                      <Button
                        type="link"
                        size="small"
                        danger
                        disabled={state.selected.length === 0}
                        onClick={() =>
                          setState((current) => ({
                            ...current,
                            selected: [],
                            unselected: candidates.map((c) => c.id as number),
                          }))
                        }
                      >
                        {t('layoutBuilder.removeAll')}
                      </Button>
                    }
                  >
                    {state.selected.map((item) => (
                      <BuilderItemRow
                        key={item.columnId}
                        column={byId.get(item.columnId) as Column}
                        list="selected"
                        width={item.width}
                        required={required.has(item.columnId)}
                        showWidth={hasWidths(type)}
                        onMove={() =>
                          setState((current) => unselectColumn(current, candidates, item.columnId))
                        }
                        onWidth={(width) =>
                          setState((current) => setWidth(current, item.columnId, width ?? undefined))
                        }
                      />
                    ))}
                  </BuilderZone>
                </SortableContext>
              </Col>
            </Row>
          </DndContext>
          <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXS}px 0 0`, fontSize: 12 }}>
            {t('layoutBuilder.keyboardHint')}
            {type !== 'list' && required.size > 0 && ` ${t('layoutBuilder.requiredHint')}`}
          </Typography.Paragraph>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('layoutBuilder.preview')}
            style={{ height: '100%' }}
            data-testid="preview"
          >
            {preview}
          </Card>
        </Col>
      </Row>
      <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
        <Typography.Text type={unsaved ? 'warning' : 'secondary'}>
          {unsaved ? t('layoutBuilder.unsaved') : t('layoutBuilder.upToDate')}
        </Typography.Text>
        <Space>
          <Button disabled={!unsaved || saving} onClick={() => setState(initial)}>
            {t('buttons.undo')}
          </Button>
          <Tooltip title={t('layoutBuilder.saveShortcut')}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!unsaved && Boolean(stored)}
              onClick={() => void save()}
            >
              {t('buttons.save')}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
    </Flex>
  );
};

/** `metadata/tables/:id/formBuilder`: which columns the list and the forms show, in which order and width. */
export const FormBuilderPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { dataSource } = useCurrentDataSource();
  const paths = tablePaths(dataSource);
  const table = useMetadataRecord<Table>('tables', id);
  const provider = useDataProvider();
  const [type, setType] = useState<FormLayoutType>('list');
  const dirty = useRef(false);
  useLeaveGuard(dirty, t('warnWhenUnsavedChanges'));

  const tableId = table.data?.id;
  const layouts = useQuery({
    queryKey: ['business', dataSource, 'tableFormBuilder', tableId],
    queryFn: ({ signal }) => listFormLayouts(provider(), tableId as number, signal),
    enabled: tableId !== undefined,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const pickType = (next: FormLayoutType) => {
    if (next === type) return;
    if (dirty.current && !window.confirm(t('layoutBuilder.switchConfirm'))) return;
    dirty.current = false;
    setType(next);
  };

  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: paths.list },
    ...(id ? [{ title: t('screens.tableEdit'), path: paths.edit(id) }] : []),
  ];
  if (table.isPending) return <PageSpin />;
  if (table.isError) {
    return (
      <LoadFailed
        title={t('screens.tableFormBuilder')}
        breadcrumb={breadcrumb}
        error={table.error}
        onRetry={() => void table.refetch()}
      />
    );
  }
  const current = table.data;

  let body: ReactNode;
  if (layouts.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('layoutBuilder.loadFailed')}
        description={(layouts.error as { message?: string } | null)?.message}
        action={<Button onClick={() => void layouts.refetch()}>{t('metadataList.retry')}</Button>}
      />
    );
  } else if (layouts.isPending || layouts.isFetching) {
    body = <PageSpin />;
  } else {
    const stored = findLayout(layouts.data, type);
    body = (
      <LayoutEditor
        key={`${type}:${String(layouts.dataUpdatedAt)}`}
        table={current}
        type={type}
        stored={stored}
        dirtyRef={dirty}
        onSaved={() => layouts.refetch()}
      />
    );
  }

  return (
    <PageContainer
      title={t('screens.tableFormBuilder')}
      subTitle={current.caption || current.name}
      breadcrumb={breadcrumb}
      extra={
        <Space wrap>
          <Button
            icon={<UnorderedListOutlined />}
            onClick={() => void navigate(appPaths(dataSource).business(current.name))}
          >
            {t('layoutBuilder.openList')}
          </Button>
          <Button icon={<EditOutlined />} onClick={() => void navigate(paths.edit(current.id as number))}>
            {t('indexes.editTable')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={token.margin}>
        <Card size="small">
          <Flex align="center" gap={token.marginLG} wrap>
            <Space>
              <Typography.Text strong>{t('layoutBuilder.device')}</Typography.Text>
              <Segmented
                aria-label={t('layoutBuilder.device')}
                value="pc"
                options={[{ value: 'pc', label: t('layoutBuilder.devices.pc') }]}
              />
            </Space>
            <Segmented<FormLayoutType>
              aria-label={t('screens.tableFormBuilder')}
              value={type}
              options={LAYOUT_TYPES.map((value) => ({ value, label: t(`layoutBuilder.types.${value}`) }))}
              onChange={pickType}
            />
          </Flex>
        </Card>
        {body}
      </Flex>
    </PageContainer>
  );
};
