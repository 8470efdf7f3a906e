import type { ComponentType } from 'react';
import { isChoiceColumn, isDataType, UnknownDataTypeError, type Column, type DataType } from '../../contract';
import type { FieldInterface } from '../extensions/defineExtension';
import type { FieldKind } from '../business/lib/field-kinds';
import { toFormValue, toWireValue } from '../business/lib/field-values';
import { AttachmentInput } from './AttachmentInput';
import { BoolInput } from './BoolInput';
import { ChoiceInput } from './ChoiceInput';
import { NumberInput } from './NumberInput';
import { PasswordInput } from './PasswordInput';
import { TemporalInput } from './TemporalInput';
import { TextAreaInput } from './TextAreaInput';
import { TextInput } from './TextInput';
import { PermissionCodesInput } from './PermissionCodesInput';
import { UserNameInput } from './UserNameInput';
import type { FieldInputProps } from './types';

/** How a data type is edited: its input, and its value between the record and the input. */
export interface FieldType {
  Input: ComponentType<FieldInputProps>;
  /** A record value as the input holds it. */
  toForm: (column: Pick<Column, 'dataType'>, value: unknown) => unknown;
  /** The input's value as the server takes it; undefined when blank. */
  toWire: (column: Pick<Column, 'dataType'>, value: unknown) => unknown;
}

const type = (Input: ComponentType<FieldInputProps>): FieldType => ({
  Input,
  toForm: toFormValue,
  toWire: toWireValue,
});

const text = type(TextInput);
const number = type(NumberInput);
const temporal = type(TemporalInput);

/** The web app's registry of inputs by data type (traits shared with the server are in contract/data-types). */
export const FIELD_TYPES: Record<DataType, FieldType> = {
  CHAR: text,
  VARCHAR: text,
  TEXT: type(TextAreaInput),
  LONGTEXT: type(TextAreaInput),
  TINYINT: number,
  SMALLINT: number,
  MEDIUMINT: number,
  INT: number,
  BIGINT: number,
  FLOAT: number,
  DOUBLE: number,
  DECIMAL: number,
  DATE: temporal,
  TIME: temporal,
  DATETIME: temporal,
  BOOL: type(BoolInput),
  ATTACHMENT: type(AttachmentInput),
  PASSWORD: type(PasswordInput),
};

/** The field type of a column; an unknown data type is an error, never edited as text. */
export const fieldTypeOf = (dataType: DataType | string): FieldType => {
  if (!isDataType(dataType)) throw new UnknownDataTypeError(dataType);
  return FIELD_TYPES[dataType];
};

/** A choice column (one with options), whatever its text type: a dropdown of the options. */
export const CHOICE_FIELD: FieldType = type(ChoiceInput);

/** Inputs of the special column kinds (a role's permission codes as a checklist). */
export const FIELD_KINDS: Record<FieldKind, FieldType> = {
  permissionCodes: type(PermissionCodesInput),
  userName: type(UserNameInput),
};

/**
 * The field type of a form field: its kind's, else the input chosen for the column in the table
 * designer (an extension's interface, see column-widgets), else the choice dropdown for a column
 * with options, else its data type's.
 */
export const fieldTypeFor = (
  field: { kind?: FieldKind; column: Pick<Column, 'dataType' | 'options'> },
  chosen?: FieldInterface,
): FieldType => {
  if (field.kind) return FIELD_KINDS[field.kind];
  if (chosen) {
    return {
      Input: chosen.Input,
      toForm: chosen.toForm ?? toFormValue,
      toWire: chosen.toWire ?? toWireValue,
    };
  }
  if (isChoiceColumn(field.column)) return CHOICE_FIELD;
  return fieldTypeOf(field.column.dataType);
};
