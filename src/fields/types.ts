import type { Column } from '../../contract';
import type { FormMode } from '../business/lib/form-fields';

/** What every input of the registry takes (antd's Form.Item passes `id`, `value` and `onChange`). */
export interface FieldInputProps {
  column: Column;
  mode: FormMode;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
}
