import { Type } from 'typebox';
import { ApiErrorSchema } from './common';

const ImportFailureSchema = Type.Object({
  table: Type.Optional(Type.String({ description: 'the table (multi-table import)' })),
  row: Type.Integer({ description: 'row number as the sheet shows it, or 1-based position in the file' }),
  column: Type.Optional(Type.String({ description: 'the header (or column name) of the bad value' })),
  message: Type.String(),
});

const reportProperties = {
  inserted: Type.Integer(),
  updated: Type.Integer(),
  failed: Type.Array(ImportFailureSchema, { description: 'the bad values (at most 10,000)' }),
  failedRows: Type.Integer({ description: 'how many rows are bad' }),
};

/** 201 of an import: what was written and, with `partial=true`, what was not. */
export const ImportResultSchema = Type.Object(reportProperties);

/** 400 of an import: an error body, with the report when rows were bad (nothing was written). */
export const ImportErrorSchema = Type.Object({
  ...ApiErrorSchema.properties,
  inserted: Type.Optional(reportProperties.inserted),
  updated: Type.Optional(reportProperties.updated),
  failed: Type.Optional(reportProperties.failed),
  failedRows: Type.Optional(reportProperties.failedRows),
});

export const ImportQuery = Type.Object({
  partial: Type.Optional(
    Type.String({ enum: ['true', 'false'], description: 'keep the good rows and report the bad ones' }),
  ),
});

export const TableIdList = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: 1000,
  description: 'ids of the tables to export',
});
