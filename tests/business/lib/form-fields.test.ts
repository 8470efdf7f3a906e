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

  it('update: every column but full-text, non-updatable ones and the key read-only, required only if editable; server-filled ones read-only and last', () => {
    expect(summary(formFields(product, 'update'))).toEqual([
      'id(ro)',
      'name*',
      'code(ro)',
      'price',
      'stock*',
      'onSale*',
      'memo',
      'secret',
      'categoryId',
      'createdDate(ro)',
      'lastModifiedDate(ro)',
      'createById(ro)',
      'ownerId(ro)',
      'isDeleted(ro)',
    ]);
  });

  it('update: a sub-table row leaves the server-filled columns out', () => {
    expect(summary(formFields(product, 'update', { serverFilled: 'hide' }))).toEqual([
      'id(ro)',
      'name*',
      'code(ro)',
      'price',
      'stock*',
      'onSale*',
      'memo',
      'secret',
      'categoryId',
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
