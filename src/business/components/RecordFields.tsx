import { Col, Row } from 'antd';
import type { Relation, Table } from '../../../contract';
import { FormField } from '../../fields/FormField';
import type { ValueDialog } from '../lib/business-meta';
import type { WidgetChoice } from '../lib/column-widgets';
import type { FieldPath } from '../lib/field-errors';
import type { FormMode } from '../lib/form-fields';
import type { PlacedField } from '../lib/form-layout';

export interface RecordFieldsProps {
  fields: readonly PlacedField[];
  mode: FormMode;
  /** Path of the record in the form (empty for the main record, the relation name for a sub-table). */
  prefix?: FieldPath;
  toOne?: ReadonlyMap<string, Relation>;
  relatedTables?: Readonly<Record<string, Table>>;
  dialogs?: readonly ValueDialog[];
  /** Required fields are checked only when this holds (an optional one-to-one child being filled). */
  requiredIf?: () => boolean;
  /** The inputs chosen per column in the table designer, by column id. */
  widgets?: ReadonlyMap<number, WidgetChoice>;
}

/** The inputs of one record on the 24-column grid (phones: one per row). */
export const RecordFields = ({
  fields,
  mode,
  prefix = [],
  toOne,
  relatedTables,
  dialogs,
  requiredIf,
  widgets,
}: RecordFieldsProps) => (
  <Row gutter={16}>
    {fields.map((field) => {
      const relation = toOne?.get(field.column.name);
      const target = relation?.toTable.name;
      return (
        <Col key={field.column.name} xs={24} md={field.span}>
          <FormField
            field={field}
            mode={mode}
            name={[...prefix, field.column.name]}
            relation={relation}
            relatedTable={target ? relatedTables?.[target] : undefined}
            dialog={dialogs?.find((dialog) => dialog.columnId === field.column.id)}
            requiredIf={requiredIf}
            interfaceId={field.column.id === undefined ? undefined : widgets?.get(field.column.id)?.interface}
          />
        </Col>
      );
    })}
  </Row>
);
