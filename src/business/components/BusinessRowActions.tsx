import { RowExtraActions } from '../../extensions/ExtensionSlots';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import type { BusinessRecord } from '../lib/business-record';
import { RowActions } from './RowActions';

/**
 * One record's actions in a business list: in its row (`card`: on its card, which opens the record
 * itself, so without 编辑), with the buttons extensions add to every row unless the list's slots
 * are off.
 */
export const BusinessRowActions = ({ record, card = false }: { record: BusinessRecord; card?: boolean }) => {
  const { tableName, dataSource, recycle, rights, rowActions, cardActions, keyOf, act, slots } =
    useBusinessListContext();
  return (
    <RowActions
      actions={card ? cardActions : rowActions}
      recycle={recycle}
      onAction={(action) => act(record, action)}
      extra={
        slots ? (
          <RowExtraActions
            tableName={tableName}
            dataSource={dataSource}
            record={record}
            recordKey={rights.canKey ? keyOf(record) : undefined}
            recycle={recycle}
          />
        ) : undefined
      }
    />
  );
};
