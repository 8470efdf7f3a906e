import { Type } from 'typebox';
import { Nullable } from './common';

/**
 * A bind value: `$1…` on PostgreSQL, `?` on MySQL and SQLite. Checked by the service (a string,
 * number, boolean or null), not here: type coercion would turn "41" into 41 or "" into null.
 */
const ParamValue = Type.Unknown({ description: 'a string, number, boolean or null' });

export const ExecuteSqlBody = Type.Object(
  {
    sql: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'one statement' }),
    params: Type.Optional(Type.Array(ParamValue, { maxItems: 1000 })),
    readOnly: Type.Boolean({
      default: true,
      description: 'true: a read-only transaction that is rolled back whatever the statement does',
    }),
  },
  { additionalProperties: false },
);

export const SqlResultSchema = Type.Object(
  {
    columns: Type.Array(Type.Object({ name: Type.String(), type: Nullable(Type.String()) })),
    rows: Type.Array(Type.Array(Type.Unknown()), { description: 'at most 1000 rows' }),
    rowCount: Type.Integer({ description: 'rows changed by a write; rows produced by a query' }),
    truncated: Type.Boolean({ description: 'the result is incomplete: rows left out or values cut' }),
    truncation: Type.Array(Type.Union([Type.Literal('rows'), Type.Literal('bytes'), Type.Literal('cells')]), {
      description:
        'what made it incomplete: rows (row cap), bytes (byte ceiling of a result), cells (long values cut)',
    }),
    elapsedMs: Type.Integer(),
  },
  { description: 'Result of one SQL statement (docs/api.md §2.4)' },
);
