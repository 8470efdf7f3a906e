import { captionSourceOf } from '../business/lib/business-cells';
import { Flex, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { Relation, Table } from '../../contract';
import type { ValueDialog } from '../business/lib/business-meta';
import type { FieldPath } from '../business/lib/field-errors';
import type { FormFieldSpec, FormMode } from '../business/lib/form-fields';
import { isBlank } from '../business/lib/field-values';
import { breaksFormat } from '../business/lib/field-kinds';
import { isNumericType, numberIssue, numberSpec } from '../business/lib/number-range';
import { pickedRecords } from '../business/lib/record-payload';
import { extensionRegistry } from '../extensions/registry';
import { chosenWidget } from '../business/lib/column-widgets';
import { useCaption } from '../common/hooks/useCaption';
import { hasCaption, humanizedName } from '../common/lib/human-name';
import { fieldTypeFor } from './registry';
import { RelationInput } from './RelationInput';
import { ValueDialogButton } from './ValueDialogButton';

export interface FormFieldProps {
  field: FormFieldSpec;
  mode: FormMode;
  /** Where the value lives in the form. */
  name: FieldPath;
  /** The to-one relation the column holds the key of. */
  relation?: Relation;
  relatedTable?: Table;
  dialog?: ValueDialog;
  /** Without a label (a cell of an inline sub-table list). */
  bare?: boolean;
  /** A required field is checked only when this holds (an optional one-to-one child being filled). */
  requiredIf?: () => boolean;
  /** The id of the input chosen for the column in the table designer (none: the data type's). */
  interfaceId?: string;
}

/**
 * The input of one column in a record form: by relation, value dialog, the input chosen in the
 * designer or the data type, with its rules.
 */
export const FormField = ({
  field,
  mode,
  name,
  relation,
  relatedTable,
  dialog,
  bare,
  requiredIf,
  interfaceId,
}: FormFieldProps) => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const form = Form.useFormInstance();
  const { column, readOnly, required } = field;
  // A column nobody captioned (a reversed table's) reads as words, `first_name` as "First name".
  const source = captionSourceOf(column, relation);
  const label = hasCaption(source) ? captionOf(source) : humanizedName(source.name);
  const type = fieldTypeFor(field, chosenWidget(extensionRegistry.interfaces, interfaceId, column.dataType));
  const rules: Rule[] = [];
  if (required) {
    const message = t('businessForm.required', { field: label });
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (isBlank(value) && (!requiredIf || requiredIf())) throw new Error(message);
      },
    });
  }
  const { format } = field;
  if (format) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (breaksFormat(format, value)) throw new Error(t(`businessForm.format.${format}`));
      },
    });
  }
  if (!relation && isNumericType(column.dataType)) {
    const spec = numberSpec(column);
    rules.push({
      validator: async (_rule, value: unknown) => {
        const issue = numberIssue(spec, value);
        if (issue)
          throw new Error(
            t(`businessForm.number.${issue}`, { min: spec.min, max: spec.max, scale: spec.decimals }),
          );
      },
    });
  }
  const input = relation ? (
    <RelationInput
      column={column}
      mode={mode}
      disabled={readOnly}
      relation={relation}
      relatedTable={relatedTable}
    />
  ) : (
    <type.Input
      column={column}
      mode={mode}
      disabled={readOnly}
      placeholder={column.description ?? undefined}
    />
  );
  const item = (
    <Form.Item
      name={name}
      label={bare ? undefined : label}
      rules={readOnly ? [] : rules}
      required={required}
      style={bare ? { marginBottom: 0 } : undefined}
      noStyle={Boolean(dialog && !bare)}
    >
      {input}
    </Form.Item>
  );
  if (!dialog) return item;
  const withButton = (
    <Flex gap="small" align="start">
      <div style={{ flex: 1, minWidth: 0 }}>{item}</div>
      <ValueDialogButton
        dialog={dialog}
        disabled={readOnly}
        onValue={(value) => {
          const next = relation
            ? pickedRecords(relation, { [column.name]: value }, column.name)
            : type.toForm(column, value);
          form.setFields([{ name, value: next, touched: true }]);
          void form.validateFields([name]).catch(() => undefined);
        }}
      />
    </Flex>
  );
  if (bare) return withButton;
  return (
    <Form.Item label={label} required={required}>
      {withButton}
    </Form.Item>
  );
};
