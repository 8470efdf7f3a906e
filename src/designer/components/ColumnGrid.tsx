import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  SettingOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Tooltip, Typography, theme } from 'antd';
import type { GlobalToken } from 'antd';
import { memo, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_TYPES, INDEX_STORAGES, type DataType, type IndexType, type Sequence } from '../../../contract';
import type { ColumnCellField, ColumnDraft } from '../lib/column-draft';
import { rowLock, type ColumnLock } from '../lib/column-locks';
import { moreErrors } from '../lib/column-more-fields';
import { DATA_TYPE_TRAITS } from '../lib/column-traits';
import { ROW_FIELD } from '../lib/grid-errors';
import type { MoveDirection } from '../lib/move-item';
import type { CellOption } from './CellEditors';
import { SelectCell } from './CellEditors';
import {
  LOCK_REASONS,
  cellLabel,
  checkCell,
  numberCell,
  textCell,
  type CellArgs,
  type GridContext,
} from './ColumnCells';
import { ColumnMoreDrawer } from './ColumnMoreDrawer';

export interface ColumnGridProps {
  rows: ColumnDraft[];
  /** Messages by row key, then by field (`*` for the whole row). */
  errors: Record<string, Record<string, string>>;
  sequences: readonly Sequence[];
  onCellChange: (rowKey: string, field: ColumnCellField, value: unknown) => void;
  onMove: (rowKey: string, direction: MoveDirection) => void;
  onRemove: (rowKey: string) => void;
  /** Content of the 扩展属性 field of a row (in its 更多 drawer). */
  renderExtension?: (row: ColumnDraft) => ReactNode;
  /** Content of the 输入控件 / 显示方式 fields of a row (in its 更多 drawer). */
  renderWidget?: (row: ColumnDraft, key: 'interface' | 'display') => ReactNode;
  /** Locked cells of stored columns, by column id. */
  locks?: ReadonlyMap<number, ColumnLock>;
}

interface GridColumn {
  key: string;
  width: number;
  /** The header explains itself in a tooltip (`designer.columnHelp.<key>`). */
  help?: boolean;
  align?: 'center';
  /** Stays in view on the left while the grid scrolls sideways (narrow windows). */
  fixed?: boolean;
  render: (args: CellArgs) => ReactNode;
}

const MOVES: { direction: MoveDirection; icon: ReactNode; labelKey: string }[] = [
  { direction: 'top', icon: <VerticalAlignTopOutlined />, labelKey: 'designer.moveTop' },
  { direction: 'up', icon: <ArrowUpOutlined />, labelKey: 'designer.moveUp' },
  { direction: 'down', icon: <ArrowDownOutlined />, labelKey: 'designer.moveDown' },
  { direction: 'bottom', icon: <VerticalAlignBottomOutlined />, labelKey: 'designer.moveBottom' },
];

/** The row's 更多 / More button; red with a count when settings in the drawer have messages. */
const MoreButton = ({ row, position, errors, ctx }: CellArgs) => {
  const count = Object.keys(moreErrors(errors)).length;
  const label = ctx.t('designer.moreLabel', { row: position + 1 });
  const button = (
    <Button
      size="small"
      type={count ? 'primary' : 'default'}
      danger={count > 0}
      icon={<SettingOutlined />}
      aria-label={label}
      aria-invalid={count ? true : undefined}
      data-more-errors={count || undefined}
      onClick={() => ctx.openMore(row.key)}
    >
      {ctx.t('designer.more')}
    </Button>
  );
  return count ? (
    <Tooltip title={ctx.t('designer.moreErrors', { count })}>
      <Badge count={count} size="small">
        {button}
      </Badge>
    </Tooltip>
  ) : (
    button
  );
};

/**
 * The grid's columns, left to right: the common settings of a column. The advanced ones are in
 * the row's 更多 / More drawer (`ColumnMoreDrawer`), so that the grid fits a 1440 px window.
 */
const COLUMNS: GridColumn[] = [
  {
    key: 'order',
    width: 48,
    fixed: true,
    align: 'center',
    render: ({ row, position, errors, lock, ctx }) => (
      <Flex align="center" justify="center" gap={4} style={{ minHeight: 24 }}>
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
  { key: 'caption', width: 132, fixed: true, render: textCell('caption') },
  { key: 'name', width: 132, fixed: true, render: textCell('name') },
  {
    key: 'dataType',
    // wide enough for the longest type name (ATTACHMENT) beside the arrow
    width: 144,
    render: ({ row, position, errors, lock, ctx }) => (
      <SelectCell<DataType>
        rowKey={row.key}
        field="dataType"
        label={cellLabel(ctx, 'dataType', position)}
        value={row.dataType}
        options={ctx.options.dataTypes}
        showSearch
        disabled={Boolean(lock?.fields.has('dataType'))}
        error={errors?.dataType}
        onChange={ctx.change}
      />
    ),
  },
  { key: 'length', width: 68, render: numberCell('length') },
  { key: 'nullable', width: 52, align: 'center', help: true, render: checkCell('nullable') },
  { key: 'insertable', width: 64, align: 'center', help: true, render: checkCell('insertable') },
  { key: 'updatable', width: 64, align: 'center', help: true, render: checkCell('updatable') },
  { key: 'queryable', width: 64, align: 'center', help: true, render: checkCell('queryable') },
  { key: 'displayable', width: 68, align: 'center', help: true, render: checkCell('displayable') },
  { key: 'multipleValue', width: 60, align: 'center', help: true, render: checkCell('multipleValue') },
  {
    key: 'actions',
    width: 204,
    render: (args) => {
      const { row, position, isFirst, isLast, lock, ctx } = args;
      return (
        <Flex gap={2} align="center">
          <MoreButton {...args} />
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
      );
    },
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
 * The designer's editable column grid: the common Column fields of docs/api.md §2.1 in compact
 * inputs (the others in each row's 更多 / More drawer), a sticky header, and the order / caption /
 * name columns fixed when a narrow window scrolls it sideways; it fits a 1440 px window without.
 * Cells that do not apply to the row's data type, or that the server keeps (locks, system
 * columns), are disabled; messages show under the offending cell, or mark the row's 更多 button.
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
  const [moreKey, setMoreKey] = useState<string>();

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
      openMore: setMoreKey,
      renderExtension,
      renderWidget,
    };
  }, [t, token, sequences, onCellChange, onMove, onRemove, renderExtension, renderWidget]);

  const morePosition = moreKey === undefined ? -1 : rows.findIndex((row) => row.key === moreKey);
  const moreRow = rows[morePosition];
  const moreArgs: CellArgs | undefined = moreRow && {
    row: moreRow,
    position: morePosition,
    isFirst: morePosition === 0,
    isLast: morePosition === rows.length - 1,
    errors: errors[moreRow.key],
    lock: rowLock(moreRow, moreRow.id !== undefined ? locks?.get(moreRow.id) : undefined),
    ctx,
  };

  return (
    <div
      role="region"
      aria-label={t('designer.columnsTitle')}
      tabIndex={0}
      style={{ overflow: 'auto', maxHeight: 'calc(100vh - 220px)', minHeight: 160 }}
    >
      <table
        style={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          tableLayout: 'fixed',
          width: '100%',
          minWidth: TOTAL_WIDTH,
        }}
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
              lock={rowLock(row, row.id !== undefined ? locks?.get(row.id) : undefined)}
              ctx={ctx}
            />
          ))}
        </tbody>
      </table>
      <ColumnMoreDrawer args={moreArgs} onClose={() => setMoreKey(undefined)} />
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
