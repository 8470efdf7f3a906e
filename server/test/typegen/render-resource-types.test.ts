import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Column, Relation, Table } from '../../../contract/index';
import { renderResourceTypes, type ResourceTypesInput } from '../../src/typegen/render-resource-types';
import {
  isIdentifier,
  pascalCase,
  propertyKey,
  recordTypeNames,
  stringLiteral,
} from '../../src/typegen/ts-names';

const key: Column = { id: 1, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', nullable: false };
const col = (name: string, dataType: Column['dataType'], more: Partial<Column> = {}): Column => ({
  name,
  dataType,
  nullable: true,
  ...more,
});

const customer: Table = {
  id: 1,
  name: 'customer',
  caption: '客户',
  primaryNames: ['id'],
  columns: [
    key,
    col('name', 'VARCHAR', { caption: '名称', length: 200, nullable: false }),
    col('fullTextBody', 'TEXT', { indexType: 'FULLTEXT' }),
    col('secret', 'PASSWORD'),
    col('level', 'VARCHAR', { options: [{ value: 'gold' }, { value: "it's" }] }),
    col('tags', 'VARCHAR', { multipleValue: true, options: [{ value: 'hot' }, { value: 'new' }] }),
  ],
};
const salesOrder: Table = {
  id: 2,
  name: 'salesOrder',
  caption: '订单',
  primaryNames: ['id'],
  columns: [
    key,
    col('customerId', 'BIGINT'),
    col('amount', 'DECIMAL', { precision: 10, scale: 2, nullable: false }),
    col('day', 'DATE'),
    col('at', 'TIME'),
    col('stamp', 'DATETIME'),
    col('qty', 'SMALLINT', { unsigned: true }),
    col('weight', 'DOUBLE'),
    col('ratio', 'FLOAT'),
    col('paid', 'BOOL', { nullable: false }),
    col('note', 'LONGTEXT'),
    col('scan', 'ATTACHMENT'),
    col('first name', 'CHAR', { length: 20 }),
    col('sales-region', 'VARCHAR', { length: 20 }),
    col('名称', 'VARCHAR', { length: 20 }),
    col('$x', 'INT'),
    col('tinyOne', 'TINYINT'),
    col('medium', 'MEDIUMINT'),
  ],
};
const orderLine: Table = {
  id: 3,
  name: 'orderLine',
  primaryNames: ['id'],
  columns: [key, col('orderId', 'BIGINT'), col('price', 'INT')],
};
const user: Table = {
  id: 9,
  name: 'user',
  systemable: true,
  primaryNames: ['id'],
  columns: [key, col('username', 'VARCHAR', { nullable: false })],
};

const relation = (
  name: string,
  relationType: Relation['relationType'],
  from: [Table, string],
  to: [Table, string],
): Relation => ({
  id: name.length,
  name,
  relationType,
  fromTable: { id: from[0].id ?? 0, name: from[0].name },
  toTable: { id: to[0].id ?? 0, name: to[0].name },
  fromColumn: { id: 0, name: from[1] },
  toColumn: { id: 0, name: to[1] },
});

const input = (more: Partial<ResourceTypesInput> = {}): ResourceTypesInput => ({
  tables: [salesOrder, user, orderLine, customer],
  relations: [
    relation('customer', 'ManyToOne', [salesOrder, 'customerId'], [customer, 'id']),
    relation('lines', 'OneToMany', [salesOrder, 'id'], [orderLine, 'orderId']),
    relation('owner', 'ManyToOne', [salesOrder, 'customerId'], [user, 'id']),
    relation('order', 'OneToOneSubToMain', [orderLine, 'orderId'], [salesOrder, 'id']),
  ],
  dataSource: 'primary',
  regenerate: 'npm run types -- --out src/generated/crudboard-types.ts',
  ...more,
});

/** The lines of one interface, without its comments. */
const body = (text: string, name: string): string[] => {
  const start = text.indexOf(`export interface ${name} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  const block = text.slice(start, text.indexOf('\n}', start));
  return block
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => !line.startsWith('/**'));
};

/** TypeScript's diagnostics for `files` (strict), as `file(line): message` lines. */
const typeErrors = (files: Record<string, string>): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-typegen-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const program = ts.createProgram(
      Object.keys(files).map((name) => join(dir, name)),
      {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts'],
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
      },
    );
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? relative(dir, diagnostic.file.fileName) : '';
      const start = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const line = start ? start.line + 1 : 0;
      return `${where}(${String(line)}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('renderResourceTypes', () => {
  const text = renderResourceTypes(input());

  it('types each column as the API sends its values; nullable columns may be null, keys never', () => {
    expect(body(text, 'SalesOrderRecord')).toEqual([
      '$x: number | null;',
      'amount: string;',
      'at: string | null;',
      'customerId: number | string | null;',
      'day: string | null;',
      "'first name': string | null;",
      'id: number | string;',
      'medium: number | null;',
      'note: string | null;',
      'paid: boolean;',
      'qty: number | null;',
      'ratio: number | null;',
      "'sales-region': string | null;",
      'scan: string | null;',
      'stamp: string | null;',
      'tinyOne: number | null;',
      'weight: number | null;',
      '名称: string | null;',
      "customer?: CrudboardParent<CustomerRecord, 'id'> | null;",
      'lines?: OrderLineRecord[];',
      'owner?: CrudboardAnyRecord | null;',
      '$truncated?: { lines?: CrudboardTruncatedChildren };',
    ]);
  });

  it('leaves out PASSWORD columns and the search body; a single choice is the union of its options', () => {
    expect(body(text, 'CustomerRecord')).toEqual([
      'id: number | string;',
      `level: 'gold' | "it's" | null;`,
      'name: string;',
      'tags: string | null;',
    ]);
    expect(text).toContain('/** 名称 · VARCHAR(200) */');
    expect(text).toContain('multiple choice of hot, new, joined by commas');
    expect(text).toContain('/** DECIMAL(10,2) · the exact value as a string */');
    expect(text).toContain('/** SMALLINT UNSIGNED */');
  });

  it("describes crudboard's own tables only when asked; relations to them hold any record", () => {
    expect(text).not.toContain('UserRecord');
    expect(text).toContain(
      "export const CRUDBOARD_RESOURCES = ['customer', 'orderLine', 'salesOrder'] as const;",
    );
    const withSystem = renderResourceTypes(input({ system: true }));
    expect(body(withSystem, 'SalesOrderRecord')).toContain(
      "owner?: CrudboardParent<UserRecord, 'id'> | null;",
    );
    expect(body(withSystem, 'CrudboardResources')).toEqual([
      'customer: CustomerRecord;',
      'orderLine: OrderLineRecord;',
      'salesOrder: SalesOrderRecord;',
      'user: UserRecord;',
    ]);
  });

  it('gives each relation kind its shape; leaves out relations the API leaves out', () => {
    const many = {
      ...salesOrder,
      columns: [...salesOrder.columns, col('helpers', 'VARCHAR', { multipleValue: true })],
    };
    const text2 = renderResourceTypes(
      input({
        tables: [many, orderLine, customer],
        relations: [
          relation('helpers', 'ManyToOne', [many, 'helpers'], [customer, 'id']),
          relation('customers', 'ManyToOne', [many, 'helpers'], [customer, 'id']),
          relation('detail', 'OneToOneMainToSub', [many, 'id'], [orderLine, 'orderId']),
          // a relation named like a column, and one to a table the user may not read
          relation('customerId', 'ManyToOne', [many, 'customerId'], [customer, 'id']),
          relation('hidden', 'ManyToOne', [many, 'customerId'], [user, 'id']),
        ],
      }),
    );
    const lines = body(text2, 'SalesOrderRecord');
    expect(lines).toContain("customers?: CrudboardParent<CustomerRecord, 'id'>[];");
    expect(lines).toContain('detail?: OrderLineRecord | null;');
    expect(lines.filter((line) => line.startsWith('customerId'))).toEqual([
      'customerId: number | string | null;',
    ]);
    expect(lines.some((line) => line.startsWith('hidden'))).toBe(false);
    expect(lines.some((line) => line.startsWith('$truncated'))).toBe(false);
  });

  it('is the same text whatever order the server answers in', () => {
    const shuffled = input({
      tables: [customer, orderLine, user, { ...salesOrder, columns: [...salesOrder.columns].reverse() }],
      relations: [...input().relations].reverse(),
    });
    expect(renderResourceTypes(shuffled)).toBe(text);
  });

  it('says it is generated and how to write it again', () => {
    expect(text.startsWith('/**\n * Record types of the crudboard tables of data source `primary`')).toBe(
      true,
    );
    expect(text).toContain("Generated by crudboard's `npm run types`: do not edit.");
    expect(text).toContain(' *     npm run types -- --out src/generated/crudboard-types.ts\n');
  });

  it('is formatted as prettier formats it', async () => {
    const config = await prettier.resolveConfig(import.meta.filename);
    expect(await prettier.format(text, { ...config, parser: 'typescript' })).toBe(text);
  });

  it('compiles, and the types hold what records hold', () => {
    const usage = [
      "import type { CrudboardResources, CrudboardResourceName, SalesOrderRecord } from './types';",
      "type Order = CrudboardResources['salesOrder'];",
      "const resource: CrudboardResourceName = 'orderLine';",
      "const read = (order: Order): string => `${order.amount} ${order['first name'] ?? ''} ${String(order.customer?.id)}`;",
      'const total = (order: SalesOrderRecord): number => (order.lines ?? []).reduce((sum: number, line) => sum + (line.price ?? 0), 0);',
      "const paid: SalesOrderRecord['paid'] = true;",
      "const levels: CrudboardResources['customer']['level'][] = ['gold', \"it's\", null];",
      '// @ts-expect-error not an option',
      "const wrong: CrudboardResources['customer']['level'] = 'silver';",
      '// @ts-expect-error PASSWORD columns are not in records',
      "const secret = (c: CrudboardResources['customer']) => c.secret;",
      '// @ts-expect-error a table the types do not describe',
      "const none: CrudboardResourceName = 'user';",
      'export const used = [resource, read, total, paid, levels, wrong, secret, none];',
    ].join('\n');
    const bad = usage.replace('order.amount', 'order.amont');
    expect(typeErrors({ 'types.ts': text, 'usage.ts': usage, 'bad.ts': bad })).toEqual([
      expect.stringMatching(/^bad\.ts\(4\): Property 'amont' does not exist on type 'SalesOrderRecord'/),
    ]);
  });
});

describe('names in generated source', () => {
  it('quotes property names that are not identifiers', () => {
    expect(
      ['id', '$x', '_a', '名称', 'class', 'first name', 'sales-region', '2x', 'a.b'].map(propertyKey),
    ).toEqual(['id', '$x', '_a', '名称', 'class', "'first name'", "'sales-region'", "'2x'", "'a.b'"]);
    expect(isIdentifier('')).toBe(false);
  });

  it('writes string literals as prettier does, escaping what must be', () => {
    expect(stringLiteral('plain')).toBe("'plain'");
    expect(stringLiteral("it's")).toBe(`"it's"`);
    expect(stringLiteral(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(stringLiteral('a\\b\nc')).toBe("'a\\\\b\\nc'");
  });

  it('gives each table a type name of its own', () => {
    expect(['orderLine', 'sales_order', '2024report', '客户', 'date'].map(pascalCase)).toEqual([
      'OrderLine',
      'SalesOrder',
      'T2024report',
      'Table',
      'Date',
    ]);
    expect([
      ...recordTypeNames(['orderT', 'order_t', 'crudboardAny'], ['CrudboardAnyRecord']).values(),
    ]).toEqual(['OrderTRecord', 'OrderTRecord2', 'CrudboardAnyRecord2']);
  });
});
