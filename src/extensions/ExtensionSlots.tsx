import { createElement } from 'react';
import { extensionRegistry } from './registry';

interface TableProps {
  tableName: string;
  dataSource: string;
}

/** The extensions' buttons beside the generic list's own (a board switch, an extra tool). */
export const ListExtraActions = (props: TableProps) =>
  extensionRegistry.listSlots.map((slot, index) =>
    slot.extraActions ? createElement(slot.extraActions, { key: index, ...props }) : null,
  );

/** The extensions' buttons in one record's action cell. */
export const RowExtraActions = (
  props: TableProps & { record: Record<string, unknown>; recordKey?: string; recycle?: boolean },
) =>
  extensionRegistry.listSlots.map((slot, index) =>
    slot.rowActions ? createElement(slot.rowActions, { key: index, ...props }) : null,
  );

/** The extensions' buttons for the selected records, beside the list's batch actions. */
export const BulkExtraActions = (props: TableProps & { keys: readonly string[]; recycle: boolean }) =>
  extensionRegistry.listSlots.map((slot, index) =>
    slot.bulkActions ? createElement(slot.bulkActions, { key: index, ...props }) : null,
  );

/** The extensions' pieces above (`before`) or below (`after`) the generic form's fields. */
export const FormFieldSlots = ({
  at,
  ...props
}: TableProps & { at: 'before' | 'after'; recordId?: string }) =>
  extensionRegistry.formSlots.map((slot, index) => {
    const component = at === 'before' ? slot.beforeFields : slot.afterFields;
    return component ? createElement(component, { key: index, ...props }) : null;
  });
