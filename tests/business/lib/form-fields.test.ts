import { describe, expect, it } from 'vitest';
import { formFields } from '../../../src/business/lib/form-fields';
import { product, productLine } from './business-form-fixtures';

const summary = (fields: ReturnType<typeof formFields>) =>
  fields.map((f) => `${f.column.name}${f.required ? '*' : ''}${f.readOnly ? '(ro)' : ''}`);

describe('formFields', () => {
  it('create: insertable columns the server does not fill; required when not nullable without default', () => {
    expect(summary(formFields(product, 'create'))).toEqual([
      'name*',
      'code*',
      'price',
      'stock',
      'onSale',
      'memo',
      'secret*',
      'categoryId',
    ]);
  });

  it('update: every column but full-text and the soft-delete flag, non-updatable ones and the key read-only, required only if editable; server-filled ones read-only and last', () => {
    expect(summary(formFields(product, 'update'))).toEqual([
      'name*',
      'code(ro)',
      'price',
      'stock*',
      'onSale*',
      'memo',
      'secret',
      'categoryId',
      'id(ro)',
      'createdDate(ro)',
      'lastModifiedDate(ro)',
      'createById(ro)',
      'ownerId(ro)',
    ]);
  });

  it('asks for a reversed table’s search-indexed column like any other: the index is over its own data', () => {
    const memo = product.columns.find((column) => column.name === 'memo');
    if (!memo) throw new Error('fixture has no memo');
    const indexed = {
      ...product,
      columns: product.columns.map((column) =>
        column === memo ? { ...column, indexType: 'FULLTEXT' as const } : column,
      ),
    };
    expect(formFields(indexed, 'create').map((f) => f.column.name)).not.toContain('memo');
    expect(formFields({ ...indexed, reverse: true }, 'create').map((f) => f.column.name)).toContain('memo');
  });

  it('keeps the create form’s fields in the same order on edit, the edit-only ones after them', () => {
    const create = formFields(product, 'create').map((f) => f.column.name);
    const update = formFields(product, 'update').map((f) => f.column.name);
    expect(update.slice(0, create.length)).toEqual(create);
  });

  it('never offers the soft-delete flag, and shows who created or owns a record by name', () => {
    for (const mode of ['create', 'update'] as const) {
      const fields = formFields(product, mode);
      expect(fields.map((f) => f.column.name)).not.toContain('isDeleted');
    }
    const byName = formFields(product, 'update').filter((f) => f.kind === 'userName');
    expect(byName.map((f) => `${f.column.name}${f.readOnly ? '(ro)' : ''}`)).toEqual([
      'createById(ro)',
      'ownerId(ro)',
    ]);
  });

  it('update: a sub-table row leaves the server-filled columns out', () => {
    expect(summary(formFields(product, 'update', { serverFilled: 'hide' }))).toEqual([
      'name*',
      'code(ro)',
      'price',
      'stock*',
      'onSale*',
      'memo',
      'secret',
      'categoryId',
      'id(ro)',
    ]);
  });

  it('a read-only table shows everything read-only, nothing required', () => {
    const fields = formFields({ ...product, readOnly: true }, 'update');
    expect(fields.every((f) => f.readOnly && !f.required)).toBe(true);
    expect(fields.map((f) => f.column.name)).not.toContain('secret');
  });

  it('hides the foreign key of a sub-table', () => {
    expect(summary(formFields(productLine, 'create', { hidden: ['productId'] }))).toEqual(['sku*', 'qty']);
    expect(
      formFields(productLine, 'update', { hidden: ['productId'] }).map((f) => f.column.name),
    ).not.toContain('productId');
  });
});
