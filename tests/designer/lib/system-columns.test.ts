import {
  FILLED_ON_CREATE,
  isFilledOnCreate,
  isLockedOnUpdate,
  isServerFilled,
  LOCKED_ON_UPDATE,
  SYSTEM_COLUMN_NAMES,
} from '../../../contract';
import { DEFAULT_SYSTEM_CAPTIONS, systemColumns } from '../../../src/designer/lib/system-columns';
import { validateTable } from '../../../src/designer/lib/table-validation';
import { newTableDraft } from '../../../src/designer/lib/table-draft';

const byName = () => Object.fromEntries(systemColumns().map((c) => [c.name, c]));

describe('systemColumns', () => {
  it('are the nine columns of a new table, in order, without ids', () => {
    const columns = systemColumns();
    expect(columns.map((c) => c.name)).toEqual([...SYSTEM_COLUMN_NAMES]);
    expect(columns.every((c) => c.id === undefined)).toBe(true);
    expect(new Set(columns.map((c) => c.key)).size).toBe(9);
  });

  it.each([
    [
      'id',
      { dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false, insertable: false },
    ],
    [
      'name',
      {
        dataType: 'VARCHAR',
        length: 200,
        nullable: false,
        insertable: true,
        queryable: true,
        displayable: true,
      },
    ],
    ['fullTextBody', { dataType: 'TEXT', indexType: 'FULLTEXT', insertable: false, queryable: false }],
    ['createdDate', { dataType: 'DATETIME', insertable: false, updatable: false }],
    ['lastModifiedDate', { dataType: 'DATETIME', insertable: false, updatable: false }],
    ['createById', { dataType: 'BIGINT', insertable: false, queryable: true }],
    ['updateById', { dataType: 'BIGINT', insertable: false, queryable: true }],
    [
      'ownerId',
      { dataType: 'BIGINT', insertable: false, updatable: false, queryable: true, displayable: false },
    ],
    [
      'isDeleted',
      { dataType: 'BOOL', insertable: false, updatable: false, queryable: false, displayable: false },
    ],
  ])('%s is %j', (name, expected) => {
    expect(byName()[name]).toMatchObject(expected);
  });

  it('come with their English captions', () => {
    expect(byName().ownerId?.captions).toEqual({ 'en-US': 'Owner' });
    expect(byName().createdDate?.captions).toEqual({ 'en-US': 'Created' });
  });

  it('takes captions in the current language and falls back to Chinese', () => {
    const columns = systemColumns({ id: 'ID' });
    expect(columns[0]?.caption).toBe('ID');
    expect(columns[1]?.caption).toBe(DEFAULT_SYSTEM_CAPTIONS.name);
  });

  it('pass the client checks as they are', () => {
    const draft = { ...newTableDraft(), name: 'product', pluralName: 'products', tableName: 'product' };
    expect(validateTable(draft)).toEqual({});
  });
});

describe('system column traits', () => {
  it('name the bookkeeping columns the server fills on create and locks on update', () => {
    expect(FILLED_ON_CREATE).toEqual([
      'createdDate',
      'lastModifiedDate',
      'createById',
      'updateById',
      'ownerId',
      'isDeleted',
    ]);
    expect(LOCKED_ON_UPDATE).toEqual([
      'createdDate',
      'lastModifiedDate',
      'createById',
      'updateById',
      'ownerId',
    ]);
  });

  it.each<[string, boolean, boolean, boolean]>([
    ['id', false, false, false],
    ['name', false, false, false],
    ['fullTextBody', false, false, true],
    ['createdDate', true, true, true],
    ['isDeleted', true, false, true],
    ['price', false, false, false],
    ['toString', false, false, false],
  ])('%s: filled on create %s, locked on update %s, off forms %s', (name, create, update, form) => {
    expect(isFilledOnCreate(name)).toBe(create);
    expect(isLockedOnUpdate(name)).toBe(update);
    expect(isServerFilled(name)).toBe(form);
  });
});
