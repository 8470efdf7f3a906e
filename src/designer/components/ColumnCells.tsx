import type { GlobalToken } from 'antd';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataType, IndexType } from '../../../contract';
import type { ColumnCellField, ColumnDraft } from '../lib/column-draft';
import { withCaptionIn } from '../lib/column-draft';
import type { ColumnLock } from '../lib/column-locks';
import { moreErrors, type MoreField } from '../lib/column-more-fields';
import { DATA_TYPE_TRAITS, isColumnFieldEnabled } from '../lib/column-traits';
import type { MoveDirection } from '../lib/move-item';
import { CheckCell, NumberCell, SelectCell, TextCell, type CellOption } from './CellEditors';
import { ChoiceOptionsEditor } from './ChoiceOptionsEditor';

/** What every row shares; stable while the user types, so untouched rows do not re-render. */
export interface GridContext {
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
  /** Opens the row's 更多 / More drawer. */
  openMore: (rowKey: string) => void;
  renderExtension?: (row: ColumnDraft) => ReactNode;
  renderWidget?: (row: ColumnDraft, key: 'interface' | 'display') => ReactNode;
}

export interface CellArgs {
  row: ColumnDraft;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  errors?: Record<string, string>;
  lock?: ColumnLock;
  ctx: GridContext;
}

export const LOCK_REASONS: Record<ColumnLock['reason'], string> = {
  primaryKey: 'designer.lockedKey',
  systemTable: 'designer.lockedSystem',
  systemColumn: 'designer.lockedSystemColumn',
};

/** Accessible name of a cell, e.g. "精度 3". */
export const cellLabel = (ctx: GridContext, field: string, position: number) =>
  `${ctx.t(`columns.${field}`)} ${position + 1}`;

const isLocked = (lock: ColumnLock | undefined, field: ColumnCellField) => Boolean(lock?.fields.has(field));

export const textCell =
  (field: ColumnCellField, conditional = false) =>
  ({ row, position, errors, lock, ctx }: CellArgs) => (
    <TextCell
      rowKey={row.key}
      field={field}
      label={cellLabel(ctx, field, position)}
      value={row[field] as string | null | undefined}
      disabled={
        (conditional && !isColumnFieldEnabled(row, field as 'indexName' | 'defaultValue')) ||
        isLocked(lock, field)
      }
      error={errors?.[field]}
      onChange={ctx.change}
    />
  );

export const numberCell =
  (field: 'length' | 'precision' | 'scale') =>
  ({ row, position, errors, lock, ctx }: CellArgs) => (
    <NumberCell
      rowKey={row.key}
      field={field}
      label={cellLabel(ctx, field, position)}
      value={row[field]}
      disabled={!isColumnFieldEnabled(row, field) || isLocked(lock, field)}
      error={errors?.[field]}
      max={DATA_TYPE_TRAITS[row.dataType]?.[field]?.max}
      onChange={ctx.change}
    />
  );

export type CheckField =
  | 'unsigned'
  | 'autoIncrement'
  | 'nullable'
  | 'insertable'
  | 'updatable'
  | 'queryable'
  | 'displayable'
  | 'multipleValue';

export const checkCell =
  (field: CheckField) =>
  ({ row, position, errors, lock, ctx }: CellArgs) => (
    <CheckCell
      rowKey={row.key}
      field={field}
      label={cellLabel(ctx, field, position)}
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

const none = <Typography.Text type="secondary">-</Typography.Text>;

/** The editors of the settings in a row's 更多 / More drawer; each changes the row as a grid cell does. */
export const MORE_CELLS: Record<MoreField, (args: CellArgs) => ReactNode> = {
  captionEn: ({ row, position, errors, ctx }) => (
    <TextCell
      rowKey={row.key}
      field="captions"
      label={cellLabel(ctx, 'captionEn', position)}
      value={row.captions?.['en-US']}
      error={moreErrors(errors).captionEn}
      onChange={(rowKey, _field, value) =>
        ctx.change(rowKey, 'captions', withCaptionIn(row.captions, 'en-US', value ?? ''))
      }
    />
  ),
  precision: numberCell('precision'),
  scale: numberCell('scale'),
  unsigned: checkCell('unsigned'),
  autoIncrement: checkCell('autoIncrement'),
  indexType: ({ row, position, errors, lock, ctx }) => (
    <SelectCell<IndexType>
      rowKey={row.key}
      field="indexType"
      label={cellLabel(ctx, 'indexType', position)}
      value={row.indexType ?? 'NONE'}
      options={ctx.options.indexTypes[row.dataType] ?? []}
      disabled={isLocked(lock, 'indexType')}
      error={errors?.indexType}
      onChange={ctx.change}
    />
  ),
  indexStorage: ({ row, position, errors, lock, ctx }) => (
    <SelectCell<string>
      rowKey={row.key}
      field="indexStorage"
      label={cellLabel(ctx, 'indexStorage', position)}
      value={row.indexStorage === 'NONE' ? null : row.indexStorage}
      options={ctx.options.storages}
      allowClear
      disabled={!isColumnFieldEnabled(row, 'indexStorage') || isLocked(lock, 'indexStorage')}
      error={errors?.indexStorage}
      onChange={ctx.change}
    />
  ),
  indexName: textCell('indexName', true),
  defaultValue: textCell('defaultValue', true),
  options: ({ row, position, errors, lock, ctx }) => (
    <ChoiceOptionsEditor
      row={row}
      position={position}
      t={ctx.t}
      disabled={isLocked(lock, 'options')}
      error={moreErrors(errors).options}
      onChange={(field, value) => ctx.change(row.key, field, value)}
    />
  ),
  seqId: ({ row, position, errors, lock, ctx }) => (
    <SelectCell<number>
      rowKey={row.key}
      field="seqId"
      label={cellLabel(ctx, 'seqId', position)}
      value={row.seqId}
      options={
        DATA_TYPE_TRAITS[row.dataType].integer ? ctx.options.longSequences : ctx.options.stringSequences
      }
      allowClear
      placeholder={ctx.t('designer.noSequence')}
      disabled={!isColumnFieldEnabled(row, 'seqId') || isLocked(lock, 'seqId')}
      error={errors?.seqId}
      onChange={ctx.change}
    />
  ),
  description: textCell('description'),
  interface: ({ row, ctx }) => ctx.renderWidget?.(row, 'interface') ?? none,
  display: ({ row, ctx }) => ctx.renderWidget?.(row, 'display') ?? none,
  extension: ({ row, ctx }) => ctx.renderExtension?.(row) ?? none,
};
