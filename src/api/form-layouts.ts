import type { FormLayoutDevice, FormLayoutType } from '../lib/business-meta';
import { createRecord, updateRecord } from './business';

/** Where a layout is stored: its `tableFormBuilder` record (when one exists) and what it is for. */
export interface FormLayoutTarget {
  id?: number;
  tableId: number;
  device: FormLayoutDevice;
  type: FormLayoutType;
}

/** Stores a layout body: a new `tableFormBuilder` record, or the stored one changed. */
export const saveFormLayout = async (target: FormLayoutTarget, body: string): Promise<void> => {
  if (target.id === undefined) {
    await createRecord('tableFormBuilder', {
      tableId: target.tableId,
      device: target.device,
      type: target.type,
      body,
    });
  } else {
    await updateRecord('tableFormBuilder', String(target.id), { body });
  }
};
