import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Button, Empty, Flex, Tooltip, Typography, theme } from 'antd';
import type { GlobalToken } from 'antd';
import type { TFunction } from 'i18next';
import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_TYPES, INDEX_STORAGES, type DataType, type IndexType, type Sequence } from '../../../contract';
import type { ColumnCellField, ColumnDraft } from '../lib/column-draft';
import { DATA_TYPE_TRAITS, isColumnFieldEnabled } from '../lib/column-traits';
import type { ColumnLock } from '../lib/column-locks';
import { withCaptionIn } from '../lib/column-draft';
import { ROW_FIELD } from '../lib/grid-errors';
import type { MoveDirection } from '../lib/move-item';
import { CheckCell, NumberCell, SelectCell, TextCell, type CellOption } from './CellEditors';

export interface ColumnGridProps {
  rows: ColumnDraft[];
  /** Messages by row key, then by field (`*` for the whole row). */
  errors: Record<string, Record<string, string>>;
  sequences: readonly Sequence[];
  onCellChange: (rowKey: string, field: ColumnCellField, value: unknown) => void;
  onMove: (rowKey: string, direction: MoveDirection) => void;
  onRemove: (rowKey: string) => void;
  /** Content of the 扩展属性 cell of a row. */
  renderExtension?: (row: ColumnDraft) => ReactNode;
  /** Content of the 输入控件 / 显示方式 cells of a row. */
  renderWidget?: (row: ColumnDraft, key: 'interface' | 'display') => ReactNode;
  /** Locked cells of stored columns, by column id. */
  locks?: ReadonlyMap<number, ColumnLock>;
}

/** What every row shares; stable while the user types, so untouched rows do not re-render. */
interface GridContext {
  t: TFunction;
  token: GlobalToken;
  options: {
    dataTypes: CellOption<DataType>[];
    indexTypes: Record<DataType, CellOption<IndexType>[]>;
    storages: CellOption<string>[];
    longSequences: CellOption<number>[];
    stringSequences: CellOption<number>[];
  };
  change: (rowKey: string, field: string, value: unknown) => void;
  onMove: (rowKey: string, direction: MoveDirection) => void;
  onRemove: (rowKey: string) => void;
  renderExtension?: (row: ColumnDraft) => ReactNode;
  renderWidget?: (row: ColumnDraft, key: 'interface' | 'display') => ReactNode;
}

interface CellArgs {
  row: ColumnDraft;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  errors?: Record<string, string>;
  lock?: ColumnLock;
  ctx: GridContext;
}

interface GridColumn {
  key: string;
  width: number;
  /** The header explains itself in a tooltip (`designer.columnHelp.<key>`). */
  help?: boolean;
  align?: 'center';
  /** Stays in view on the left while the grid scrolls sideways. */
  fixed?: boolean;
  render: (args: CellArgs) => ReactNode;
}

const LOCK_REASONS: Record<ColumnLock['reason'], string> = {
  primaryKey: 'designer.lockedKey',
  systemTable: 'designer.lockedSystem',
};

const MOVES: { direction: MoveDirection; icon: ReactNode; labelKey: string }[] = [
  { direction: 'top', icon: <VerticalAlignTopOutlined />, labelKey: 'designer.moveTop' },
  { direction: 'up', icon: <ArrowUpOutlined />, labelKey: 'designer.moveUp' },
  { direction: 'down', icon: <ArrowDownOutlined />, labelKey: 'designer.moveDown' },
  { direction: 'bottom', icon: <VerticalAlignBottomOutlined />, labelKey: 'designer.moveBottom' },
];

const label = (ctx: GridContext, field: string, position: number) =>
  `${ctx.t(`columns.${field}`)} ${position + 1}`;

const isLocked = (lock: ColumnLock | undefined, field: ColumnCellField) => Boolean(lock?.fields.has(field));

const text =
  (field: ColumnCellField, conditional = false) =>
  ({ row, position, errors, lock, ctx }: CellArgs) => (
    <TextCell
      rowKey={row.key}
      field={field}
      label={label(ctx, field, position)}
      value={row[field] as string | null | undefined}
      disabled={
        (conditional && !isColumnFieldEnabled(row, field as 'indexName' | 'defaultValue')) ||
        isLocked(lock, field)
      }
      error={errors?.[field]}
      onChange={ctx.change}
    />
  );

const number =
  (field: 'length' | 'precision' | 'scale') =>
  ({ row, position, errors, lock, ctx }: CellArgs) => (
    <NumberCell
      rowKey={row.key}
      field={field}
      label={label(ctx, field, position)}
      value={row[field]}
      disabled={!isColumnFieldEnabled(row, field) || isLocked(lock, field)}
      error={errors?.[field]}
      max={DATA_TYPE_TRAITS[row.dataType]?.[field]?.max}
      onChange={ctx.change}
    />
  );

type CheckField =
  | 'unsigned'
  | 'autoIncrement'
  | 'nullable'
  | 'insertable'
  | 'updatable'
  | 'queryable'
  | 'displayable'
  | 'multipleValue';

const check =
  (field: CheckField) =>
  ({ row, position, errors, lock, ctx }: CellArgs) => (
    <CheckCell
      rowKey={row.key}
      field={field}
      label={label(ctx, field, position)}
      value={row[field]}
      disabled={
        ((field === 'unsigned' || field === 'autoIncrement' || field === 'multipleValue') &&
          !isColumnFieldEnabled(row, field)) ||
        isLocked(lock, field)
      }
      error={errors?.[field]}
      onChange={ctx.change}
    />
  );

/** The grid's columns, left to right; the first four stay fixed. */
const COLUMNS: GridColumn[] = [
  {
    key: 'actions',
    width: 150,
    fixed: true,
    render: ({ row, position, isFirst, isLast, lock, ctx }) => (
      <Flex gap={2}>
        {MOVES.map(({ direction, icon, labelKey }) => (
          <Button
            key={direction}
            size="small"
            type="text"
            icon={icon}
            title={ctx.t(labelKey)}
            aria-label={`${ctx.t(labelKey)} ${position + 1}`}
            disabled={direction === 'top' || direction === 'up' ? isFirst : isLast}
            onClick={() => ctx.onMove(row.key, direction)}
          />
        ))}
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          title={lock?.fixed ? ctx.t(LOCK_REASONS[lock.reason]) : ctx.t('designer.deleteColumn')}
          aria-label={`${ctx.t('designer.deleteColumn')} ${position + 1}`}
          disabled={lock?.fixed}
          onClick={() => ctx.onRemove(row.key)}
        />
      </Flex>
    ),
  },
  {
    key: 'order',
    width: 52,
    fixed: true,
    align: 'center',
    render: ({ row, position, errors, lock, ctx }) => (
      <Flex align="center" justify="center" gap={4}>
        <Typography.Text
          type={row.id === undefined ? 'success' : undefined}
          title={row.id === undefined ? ctx.t('designer.newColumn') : undefined}
        >
          {position + 1}
        </Typography.Text>
        {lock && (
          <Tooltip title={ctx.t(LOCK_REASONS[lock.reason])}>
            <LockOutlined
              style={{ color: ctx.token.colorTextTertiary }}
              aria-label={ctx.t(LOCK_REASONS[lock.reason])}
            />
          </Tooltip>
        )}
        {errors?.[ROW_FIELD] && (
          <Tooltip title={errors[ROW_FIELD]}>
            <ExclamationCircleFilled style={{ color: ctx.token.colorError }} aria-label={errors[ROW_FIELD]} />
          </Tooltip>
        )}
      </Flex>
    ),
  },
  { key: 'caption', width: 140, fixed: true, render: text('caption') },
  { key: 'name', width: 150, fixed: true, render: text('name') },
  {
    key: 'captionEn',
    width: 140,
    help: true,
    render: ({ row, position, ctx }) => (
      <TextCell
        rowKey={row.key}
        field="captions"
        label={label(ctx, 'captionEn', position)}
        value={row.captions?.['en-US']}
        onChange={(rowKey, _field, value) =>
          ctx.change(rowKey, 'captions', withCaptionIn(row.captions, 'en-US', value ?? ''))
        }
      />
    ),
  },
  {
    key: 'dataType',
    width: 144,
    render: ({ row, position, errors, lock, ctx }) => (
      <SelectCell<DataType>
        rowKey={row.key}
        field="dataType"
        label={label(ctx, 'dataType', position)}
        value={row.dataType}
        options={ctx.options.dataTypes}
        showSearch
        disabled={isLocked(lock, 'dataType')}
        error={errors?.dataType}
        onChange={ctx.change}
      />
    ),
  },
  { key: 'length', width: 84, render: number('length') },
  { key: 'precision', width: 84, render: number('precision') },
  { key: 'scale', width: 64, render: number('scale') },
  { key: 'unsigned', width: 84, align: 'center', help: true, render: check('unsigned') },
  {
    key: 'indexType',
    width: 108,
    render: ({ row, position, errors, lock, ctx }) => (
      <SelectCell<IndexType>
        rowKey={row.key}
        field="indexType"
        label={label(ctx, 'indexType', position)}
        value={row.indexType ?? 'NONE'}
        options={ctx.options.indexTypes[row.dataType] ?? []}
        disabled={isLocked(lock, 'indexType')}
        error={errors?.indexType}
        onChange={ctx.change}
      />
    ),
  },
  {
    key: 'indexStorage',
    width: 96,
    render: ({ row, position, errors, ctx }) => (
      <SelectCell<string>
        rowKey={row.key}
        field="indexStorage"
        label={label(ctx, 'indexStorage', position)}
        value={row.indexStorage === 'NONE' ? null : row.indexStorage}
        options={ctx.options.storages}
        allowClear
        disabled={!isColumnFieldEnabled(row, 'indexStorage')}
        error={errors?.indexStorage}
        onChange={ctx.change}
      />
    ),
  },
  { key: 'indexName', width: 130, render: text('indexName', true) },
  { key: 'autoIncrement', width: 60, align: 'center', help: true, render: check('autoIncrement') },
  { key: 'nullable', width: 52, align: 'center', help: true, render: check('nullable') },
  { key: 'defaultValue', width: 116, render: text('defaultValue', true) },
  {
    key: 'seqId',
    width: 140,
    render: ({ row, position, errors, ctx }) => (
      <SelectCell<number>
        rowKey={row.key}
        field="seqId"
        label={label(ctx, 'seqId', position)}
        value={row.seqId}
        options={
          DATA_TYPE_TRAITS[row.dataType].integer ? ctx.options.longSequences : ctx.options.stringSequences
        }
        allowClear
        placeholder={ctx.t('designer.noSequence')}
        disabled={!isColumnFieldEnabled(row, 'seqId')}
        error={errors?.seqId}
        onChange={ctx.change}
      />
    ),
  },
  { key: 'insertable', width: 64, align: 'center', help: true, render: check('insertable') },
  { key: 'updatable', width: 64, align: 'center', help: true, render: check('updatable') },
  { key: 'queryable', width: 64, align: 'center', help: true, render: check('queryable') },
  { key: 'displayable', width: 64, align: 'center', help: true, render: check('displayable') },
  { key: 'multipleValue', width: 64, align: 'center', help: true, render: check('multipleValue') },
  { key: 'description', width: 180, render: text('description') },
  ...(['interface', 'display'] as const).map((key): GridColumn => ({
    key,
    width: 140,
    render: ({ row, ctx }) =>
      ctx.renderWidget?.(row, key) ?? <Typography.Text type="secondary">-</Typography.Text>,
  })),
  {
    key: 'extension',
    width: 84,
    align: 'center',
    render: ({ row, ctx }) =>
      ctx.renderExtension?.(row) ?? <Typography.Text type="secondary">-</Typography.Text>,
  },
];

/** Left offsets of the fixed columns. */
const OFFSETS = COLUMNS.reduce<number[]>((offsets, column, index) => {
  offsets.push(index === 0 ? 0 : (offsets[index - 1] as number) + (COLUMNS[index - 1] as GridColumn).width);
  return offsets;
}, []);
const LAST_FIXED = COLUMNS.reduce((last, column, index) => (column.fixed ? index : last), -1);
const TOTAL_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);

const cellStyle = (token: GlobalToken, index: number, header: boolean): CSSProperties => {
  const column = COLUMNS[index] as GridColumn;
  const style: CSSProperties = {
    width: column.width,
    minWidth: column.width,
    maxWidth: column.width,
    padding: header ? '8px 6px' : '4px 6px',
    textAlign: column.align ?? 'left',
    verticalAlign: 'top',
    borderBottom: `1px solid ${token.colorSplit}`,
    borderInlineEnd: `1px solid ${token.colorSplit}`,
    background: token.colorBgContainer,
  };
  if (header) {
    Object.assign(style, {
      position: 'sticky',
      top: 0,
      zIndex: column.fixed ? 3 : 2,
      fontWeight: token.fontWeightStrong,
      lineHeight: 1.3,
      // Headers wrap between words only ("Index storage"), never inside one ("Precisio/n").
      wordBreak: 'keep-all',
      overflowWrap: 'normal',
      hyphens: 'manual',
      backgroundImage: `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter})`,
    });
  }
  if (column.fixed) {
    Object.assign(style, { position: 'sticky', left: OFFSETS[index], zIndex: header ? 3 : 1 });
    if (index === LAST_FIXED) style.boxShadow = `4px 0 6px -4px ${token.colorBorder}`;
  }
  return style;
};

const sameErrors = (a?: Record<string, string>, b?: Record<string, string>): boolean => {
  if (a === b) return true;
  const aKeys = Object.keys(a ?? {});
  if (aKeys.length !== Object.keys(b ?? {}).length) return false;
  return aKeys.every((key) => a?.[key] === b?.[key]);
};

/** One row; re-renders only when its column, position or messages change. */
const GridRow = memo(
  function GridRow(args: CellArgs) {
    const { ctx, row } = args;
    return (
      <tr data-row-key={row.key}>
        {COLUMNS.map((column, index) => (
          <td key={column.key} style={cellStyle(ctx.token, index, false)}>
            {column.render(args)}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.position === b.position &&
    a.isFirst === b.isFirst &&
    a.isLast === b.isLast &&
    a.ctx === b.ctx &&
    a.lock === b.lock &&
    sameErrors(a.errors, b.errors),
);

/**
 * The designer's editable column grid: every Column field of docs/api.md §2.1 in compact inputs, a
 * sticky header, and the action / order / name columns fixed while it scrolls sideways. Cells that
 * do not apply to the row's data type are disabled; messages show under the offending cell.
 * Typing re-renders only the edited row, so 50+ columns stay responsive.
 */
export const ColumnGrid = ({
  rows,
  errors,
  sequences,
  onCellChange,
  onMove,
  onRemove,
  renderExtension,
  renderWidget,
  locks,
}: ColumnGridProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  const ctx = useMemo((): GridContext => {
    const indexTypes = (types: readonly IndexType[]) =>
      types.map((value) => ({ value, label: t(`enums.indexType.${value}`) }));
    const sequence = (kinds: readonly string[]) =>
      sequences
        .filter((s) => s.id !== undefined && kinds.includes(s.sequenceType))
        .map((s) => ({ value: s.id as number, label: s.caption ? `${s.caption} (${s.name})` : s.name }));
    return {
      t,
      token,
      options: {
        dataTypes: DATA_TYPES.map((value) => ({ value, label: value })),
        indexTypes: Object.fromEntries(
          DATA_TYPES.map((type) => [type, indexTypes(DATA_TYPE_TRAITS[type].indexTypes)]),
        ) as Record<DataType, CellOption<IndexType>[]>,
        storages: INDEX_STORAGES.filter((s) => s !== 'NONE').map((value) => ({
          value,
          label: t(`enums.indexStorage.${value}`),
        })),
        longSequences: sequence(['LONG']),
        stringSequences: sequence(['STRING', 'GUID']),
      },
      change: onCellChange as GridContext['change'],
      onMove,
      onRemove,
      renderExtension,
      renderWidget,
    };
  }, [t, token, sequences, onCellChange, onMove, onRemove, renderExtension, renderWidget]);

  return (
    <div
      role="region"
      aria-label={t('designer.columnsTitle')}
      tabIndex={0}
      style={{ overflow: 'auto', maxHeight: 'calc(100vh - 220px)', minHeight: 160 }}
    >
      <table
        style={{ borderCollapse: 'separate', borderSpacing: 0, tableLayout: 'fixed', width: TOTAL_WIDTH }}
      >
        <thead>
          <tr>
            {COLUMNS.map((column, index) => (
              <th key={column.key} scope="col" style={cellStyle(token, index, true)}>
                {column.help ? (
                  <Tooltip title={t(`designer.columnHelp.${column.key}`)}>
                    <span
                      tabIndex={0}
                      data-help={column.key}
                      style={{ cursor: 'help', borderBottom: `1px dotted ${token.colorTextTertiary}` }}
                    >
                      {t(`columns.${column.key}`)}
                    </span>
                  </Tooltip>
                ) : (
                  t(`columns.${column.key}`)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, position) => (
            <GridRow
              key={row.key}
              row={row}
              position={position}
              isFirst={position === 0}
              isLast={position === rows.length - 1}
              errors={errors[row.key]}
              lock={row.id !== undefined ? locks?.get(row.id) : undefined}
              ctx={ctx}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('designer.noColumns')}
          style={{ margin: '24px 0' }}
        />
      )}
    </div>
  );
};
