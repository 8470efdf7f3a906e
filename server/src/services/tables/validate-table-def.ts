import {
  CHOICE_COLORS,
  CHOICE_SEPARATOR,
  choiceOptionsProblem,
  choiceValuesOf,
  unknownChoices,
  DATA_TYPE_TABLE,
  type ChoiceOptionsProblem,
  type DataType,
  type LengthRule,
  type SequenceType,
} from '../../../../contract/index';
import { parseDefaultValue } from '../../dialects/default-value';
import { isIntegerType } from '../../dialects/integer-range';
import { metadataMessage } from '../../i18n/metadata-messages';
import type { ErrorBag } from './error-bag';
import { reverseMessage } from '../../i18n/reverse-messages';
import { isApiColumnName, isQuotableIdentifier, nameProblem } from './name-problem';
import { primaryColumnsOf, type ColumnDef, type TableDef } from '../../model/table-def';

export interface OtherTableNames {
  id: number;
  name: string;
  pluralName: string;
  tableName: string;
}

export interface TableValidationContext {
  /** Every table of the data source (the one edited is recognised by id); absent: not checked yet. */
  others?: readonly OtherTableNames[];
  /** Sequence id → type, for `seqId`; absent: not checked yet. */
  sequences?: ReadonlyMap<number, SequenceType>;
  /** The stored table, when editing: unchanged names are not checked again. */
  existing?: TableDef;
  /**
   * The metadata describes a table the database already has (an import attaching it): its physical
   * names are the database's, so they need only be usable as they are (isQuotableIdentifier for
   * the table, isApiColumnName for columns), as when reversing.
   */
  attaching?: boolean;
}

const STRING_TYPES: readonly DataType[] = ['CHAR', 'VARCHAR', 'TEXT', 'LONGTEXT', 'ATTACHMENT', 'PASSWORD'];
const FULL_TEXT_TYPES: readonly DataType[] = ['CHAR', 'VARCHAR', 'TEXT', 'LONGTEXT'];
const UNINDEXABLE: readonly DataType[] = ['TEXT', 'LONGTEXT'];
/** utf8mb4 index limit of InnoDB (3072 bytes) in characters; PostgreSQL's btree limit is close. */
export const MAX_INDEX_CHARS = 768;
const maxOf = (rule: LengthRule | null): number => (rule && 'max' in rule ? rule.max : 0);
const MAX_CHAR = maxOf(DATA_TYPE_TABLE.CHAR.length);
const MAX_VARCHAR = maxOf(DATA_TYPE_TABLE.VARCHAR.length);
const MAX_PRECISION = DATA_TYPE_TABLE.DECIMAL.decimal?.precision.max ?? 0;
const MAX_SCALE = DATA_TYPE_TABLE.DECIMAL.decimal?.scale.max ?? 0;
const ENGINES = new Set(['innodb', 'myisam']);

const isWhole = (value: number | null, min: number, max: number) =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

const indexChars = (column: ColumnDef): number =>
  DATA_TYPE_TABLE[column.dataType]?.length ? (column.length ?? 0) : 0;

const hasIndex = (column: ColumnDef) => column.indexType !== null && column.indexType !== 'NONE';

const checkTableNames = (table: TableDef, context: TableValidationContext, errors: ErrorBag) => {
  const { existing } = context;
  const changed = (field: 'name' | 'pluralName' | 'tableName') =>
    !existing || existing[field] !== table[field];
  const fields = [
    ['name', table.name, { route: true }],
    ['pluralName', table.pluralName, { route: true }],
    ['tableName', table.tableName, { physical: true, table: true }],
  ] as const;
  for (const [field, value, rules] of fields) {
    if (value === null || !changed(field)) continue;
    if (field === 'tableName' && context.attaching) {
      if (!isQuotableIdentifier(value))
        errors.add(field, reverseMessage('tableNameUnusable', { name: value }));
      // crudboard's own tables are never described as business tables, as reversing refuses them.
      else if (value.toLowerCase().startsWith('cb_'))
        errors.add(field, metadataMessage('nameReservedPrefix'));
      continue;
    }
    const problem = nameProblem(value, rules);
    if (problem) errors.add(field, problem);
  }
  for (const other of context.others ?? []) {
    if (existing?.id !== undefined && other.id === existing.id) continue;
    const taken = new Set([other.name, other.pluralName, other.tableName].map((name) => name.toLowerCase()));
    for (const [field, value] of fields) {
      if (value !== null && taken.has(value.toLowerCase())) {
        errors.add(field, metadataMessage('nameTaken', { name: value, table: other.name }));
      }
    }
  }
  if (table.engine !== null && !ENGINES.has(table.engine.toLowerCase())) {
    errors.add('engine', metadataMessage('engineInvalid'));
  }
};

const checkSize = (column: ColumnDef, path: string, errors: ErrorBag) => {
  if (column.dataType === 'CHAR' && !isWhole(column.length, 1, MAX_CHAR)) {
    errors.add(`${path}.length`, metadataMessage('lengthInvalid', { min: 1, max: MAX_CHAR }));
  }
  if (column.dataType === 'VARCHAR' && !isWhole(column.length, 1, MAX_VARCHAR)) {
    errors.add(`${path}.length`, metadataMessage('lengthInvalid', { min: 1, max: MAX_VARCHAR }));
  }
  if (column.dataType === 'DECIMAL') {
    if (!isWhole(column.precision, 1, MAX_PRECISION))
      errors.add(`${path}.precision`, metadataMessage('precisionInvalid'));
    const maxScale = Math.min(MAX_SCALE, column.precision ?? MAX_SCALE);
    if (!isWhole(column.scale, 0, maxScale))
      errors.add(`${path}.scale`, metadataMessage('scaleInvalid', { max: maxScale }));
  }
  if (column.unsigned && !isIntegerType(column.dataType)) {
    errors.add(`${path}.unsigned`, metadataMessage('unsignedNotInteger'));
  }
};

const checkDefault = (column: ColumnDef, path: string, errors: ErrorBag) => {
  if (column.defaultValue === null) return;
  if (column.autoIncrement) {
    errors.add(`${path}.defaultValue`, metadataMessage('defaultWithAutoIncrement'));
    return;
  }
  const parsed = parseDefaultValue(column, column.defaultValue);
  if (parsed.ok) return;
  errors.add(
    `${path}.defaultValue`,
    ['TEXT', 'LONGTEXT', 'PASSWORD'].includes(column.dataType)
      ? metadataMessage('defaultNotAllowed', { column: column.name, type: column.dataType })
      : metadataMessage('defaultInvalid', {
          column: column.name,
          value: column.defaultValue,
          expected: parsed.expected,
        }),
  );
};

const checkColumnIndex = (column: ColumnDef, path: string, errors: ErrorBag) => {
  if (column.indexType === 'FULLTEXT' && !FULL_TEXT_TYPES.includes(column.dataType)) {
    errors.add(`${path}.indexType`, metadataMessage('fullTextType'));
  }
  if (
    (column.indexType === 'PRIMARY' || column.indexType === 'UNIQUE' || column.indexType === 'INDEX') &&
    UNINDEXABLE.includes(column.dataType)
  ) {
    errors.add(`${path}.indexType`, metadataMessage('indexOnText'));
  }
  if (column.indexType !== 'FULLTEXT' && hasIndex(column) && indexChars(column) > MAX_INDEX_CHARS) {
    errors.add(`${path}.length`, metadataMessage('indexTooLong', { max: MAX_INDEX_CHARS }));
  }
  if (
    column.autoIncrement &&
    (column.indexType !== 'PRIMARY' || !['INT', 'BIGINT'].includes(column.dataType))
  ) {
    errors.add(`${path}.autoIncrement`, metadataMessage('autoIncrementInvalid'));
  }
  if (column.indexType === 'PRIMARY' && column.nullable) {
    errors.add(`${path}.nullable`, metadataMessage('primaryNullable'));
  }
};

const checkSequence = (
  column: ColumnDef,
  path: string,
  context: TableValidationContext,
  errors: ErrorBag,
) => {
  if (column.seqId === null || !context.sequences) return;
  const type = context.sequences.get(column.seqId);
  if (!type) {
    errors.add(`${path}.seqId`, metadataMessage('sequenceUnknown', { id: column.seqId }));
    return;
  }
  const fits = STRING_TYPES.includes(column.dataType) || (type === 'LONG' && isIntegerType(column.dataType));
  if (!fits)
    errors.add(`${path}.seqId`, metadataMessage('sequenceTypeMismatch', { type, dataType: column.dataType }));
};

const CHOICE_PROBLEM_KEYS = {
  empty: 'choiceEmpty',
  tooMany: 'choiceTooMany',
  blankValue: 'choiceBlankValue',
  valueTooLong: 'choiceValueTooLong',
  duplicate: 'choiceDuplicate',
  separator: 'choiceSeparator',
  color: 'choiceColor',
  notText: 'choiceNotText',
} as const satisfies Record<ChoiceOptionsProblem['kind'], string>;

/**
 * A choice column's options (contract `choiceOptionsProblem`), the column length they need (the
 * longest value, or every value joined for a multiple choice) and a default among them.
 */
const checkChoice = (column: ColumnDef, path: string, errors: ErrorBag) => {
  const options = column.options;
  if (options === null) return;
  const problem = choiceOptionsProblem(options, column);
  if (problem) {
    const params = { ...problem, names: CHOICE_COLORS.join(', ') } as Record<string, string | number>;
    errors.add(`${path}.options`, metadataMessage(CHOICE_PROBLEM_KEYS[problem.kind], params));
    return;
  }
  const lengths = options.map((option) => option.value.length);
  const need = column.multipleValue
    ? lengths.reduce((sum, length) => sum + length, 0) + (lengths.length - 1) * CHOICE_SEPARATOR.length
    : Math.max(...lengths);
  if (column.length !== null && need > column.length)
    errors.add(`${path}.length`, metadataMessage('choiceLength', { length: column.length, need }));
  if (column.defaultValue !== null) {
    const unknown = unknownChoices(choiceValuesOf(column.defaultValue, column.multipleValue), options);
    if (unknown.length > 0)
      errors.add(
        `${path}.defaultValue`,
        metadataMessage('choiceDefault', {
          value: unknown.join(', '),
          allowed: options.map((option) => option.value).join(', '),
        }),
      );
  }
};

const checkColumns = (table: TableDef, context: TableValidationContext, errors: ErrorBag) => {
  if (table.columns.length === 0) errors.add('columns', metadataMessage('columnsRequired'));
  const names = new Set<string>();
  let fullText = 0;
  table.columns.forEach((column, i) => {
    const path = `columns.${i}`;
    const stored = context.existing?.columns.find(
      (candidate) => column.id !== undefined && candidate.id === column.id,
    );
    if (context.attaching) {
      if (!isApiColumnName(column.name))
        errors.add(
          `${path}.name`,
          reverseMessage('columnNameUnusable', { table: table.tableName, names: column.name }),
        );
    } else if (!stored || stored.name !== column.name) {
      const problem = nameProblem(column.name, { physical: true });
      if (problem) errors.add(`${path}.name`, problem);
    }
    const key = column.name.toLowerCase();
    if (names.has(key)) errors.add(`${path}.name`, metadataMessage('nameDuplicate', { name: column.name }));
    names.add(key);
    checkSize(column, path, errors);
    checkDefault(column, path, errors);
    checkColumnIndex(column, path, errors);
    checkSequence(column, path, context, errors);
    checkChoice(column, path, errors);
    if (column.indexType === 'FULLTEXT' && ++fullText > 1) {
      errors.add(`${path}.indexType`, metadataMessage('fullTextSingle'));
    }
  });
};

const checkIndexes = (table: TableDef, context: TableValidationContext, errors: ErrorBag) => {
  const byName = new Map(table.columns.map((column) => [column.name, column]));
  table.indexs.forEach((index, i) => {
    const path = `indexs.${i}`;
    if (index.columns.length === 0) errors.add(`${path}.indexLines`, metadataMessage('indexLinesRequired'));
    const seen = new Set<string>();
    let chars = 0;
    index.columns.forEach((name, j) => {
      const linePath = `${path}.indexLines.${j}.column`;
      const column = byName.get(name);
      if (!column) return;
      if (seen.has(name)) errors.add(linePath, metadataMessage('indexColumnDuplicate', { name }));
      seen.add(name);
      if (UNINDEXABLE.includes(column.dataType)) errors.add(linePath, metadataMessage('indexOnText'));
      if (index.indexType === 'PRIMARY' && column.nullable)
        errors.add(linePath, metadataMessage('primaryNullable'));
      chars += indexChars(column);
    });
    if (chars > MAX_INDEX_CHARS)
      errors.add(`${path}.indexLines`, metadataMessage('indexTooLong', { max: MAX_INDEX_CHARS }));
  });

  const storedNames = new Set<string>([
    ...(context.existing?.indexs.map((index) => index.name) ?? []),
    ...(context.existing?.columns.flatMap((column) => (column.indexName ? [column.indexName] : [])) ?? []),
  ]);
  const named: [string, string][] = [
    ...table.columns.flatMap((column, i): [string, string][] =>
      hasIndex(column) && column.indexType !== 'PRIMARY' && column.indexName !== null
        ? [[`columns.${i}.indexName`, column.indexName]]
        : [],
    ),
    ...table.indexs.map((index, i): [string, string] => [`indexs.${i}.name`, index.name]),
  ];
  const seen = new Set<string>();
  for (const [path, name] of named) {
    if (!storedNames.has(name)) {
      const problem = nameProblem(name);
      if (problem) errors.add(path, problem);
    }
    if (seen.has(name.toLowerCase())) errors.add(path, metadataMessage('nameDuplicate', { name }));
    seen.add(name.toLowerCase());
  }
};

/**
 * One primary key, as crudapi counts it: either a single column with indexType PRIMARY, or one
 * PRIMARY composite index (`indexs`) for a key over several columns. Several PRIMARY columns are
 * refused rather than read as a composite key, so that the key's column order is explicit. A table
 * reverse-engineered from the database may have none.
 */
const checkPrimaryKey = (table: TableDef, errors: ErrorBag) => {
  const keys = [
    ...table.columns.flatMap((column, i) =>
      column.indexType === 'PRIMARY' ? [`columns.${i}.indexType`] : [],
    ),
    ...table.indexs.flatMap((index, i) => (index.indexType === 'PRIMARY' ? [`indexs.${i}.indexType`] : [])),
  ];
  if (keys.length === 0 && !table.reverse && table.columns.length > 0) {
    errors.add('columns', metadataMessage('primaryMissing'));
  }
  for (const path of keys.slice(1)) errors.add(path, metadataMessage('primaryDuplicate'));
};

const sameType = (a: ColumnDef, b: ColumnDef) =>
  a.dataType === b.dataType &&
  a.length === b.length &&
  a.precision === b.precision &&
  a.scale === b.scale &&
  a.unsigned === b.unsigned;

/** Edits an existing table may not make: its key, and the columns of a system table. */
const checkEdit = (table: TableDef, existing: TableDef, errors: ErrorBag) => {
  const byId = new Map(
    table.columns.flatMap((column) => (column.id === undefined ? [] : [[column.id, column]])),
  );
  const oldKey = primaryColumnsOf(existing).map((name) =>
    existing.columns.find((column) => column.name === name),
  );
  const newKey = primaryColumnsOf(table);
  const keyKept =
    oldKey.length === newKey.length &&
    oldKey.every((old, i) => {
      const current = old?.id === undefined ? undefined : byId.get(old.id);
      return (
        !!old &&
        !!current &&
        current.name === newKey[i] &&
        sameType(old, current) &&
        old.autoIncrement === current.autoIncrement
      );
    });
  if (!keyKept) errors.add('columns', metadataMessage('primaryChange'));
  if (!existing.systemable) return;
  for (const old of existing.columns) {
    const current = old.id === undefined ? undefined : byId.get(old.id);
    if (
      !current ||
      current.name !== old.name ||
      !sameType(old, current) ||
      current.nullable !== old.nullable
    ) {
      errors.add('columns', metadataMessage('systemColumnChange'));
    }
  }
};

/** The title column, when one is chosen, is a column of the table and not a password. */
const checkTitleColumn = (table: TableDef, errors: ErrorBag) => {
  if (table.titleColumn === null) return;
  const column = table.columns.find((candidate) => candidate.name === table.titleColumn);
  if (!column) errors.add('titleColumn', metadataMessage('titleColumnUnknown', { name: table.titleColumn }));
  else if (column.dataType === 'PASSWORD') errors.add('titleColumn', metadataMessage('titleColumnPassword'));
};

/**
 * The rules of docs/api.md §2.1 for a table definition (create, or the merged result of an edit): names,
 * types and sizes, defaults, indexes, the one primary key. Pure: adds field errors to `errors`.
 * Without `others` and `sequences` it checks everything that needs no database, so that bad
 * names are refused before any query runs.
 */
export const validateTableDef = (
  table: TableDef,
  context: TableValidationContext,
  errors: ErrorBag,
): void => {
  checkTableNames(table, context, errors);
  checkColumns(table, context, errors);
  checkIndexes(table, context, errors);
  checkPrimaryKey(table, errors);
  checkTitleColumn(table, errors);
  if (context.existing) checkEdit(table, context.existing, errors);
};
