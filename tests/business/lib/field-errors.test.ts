import { describe, expect, it } from 'vitest';
import {
  isFormPath,
  splitFieldErrors,
  toFieldPath,
  type FormShape,
} from '../../../src/business/lib/field-errors';

const shape: FormShape = {
  fields: ['name', 'price'],
  subs: [
    { name: 'lines', kind: 'many', fields: ['sku'] },
    { name: 'detail', kind: 'one', fields: ['origin'] },
  ],
};

describe('toFieldPath', () => {
  it.each<[string, (string | number)[]]>([
    ['name', ['name']],
    ['lines.0.sku', ['lines', 0, 'sku']],
    ['detail.origin', ['detail', 'origin']],
  ])('%s', (field, path) => {
    expect(toFieldPath(field)).toEqual(path);
  });
});

describe('isFormPath', () => {
  it.each<[string, boolean]>([
    ['name', true],
    ['unknown', false],
    ['lines.2.sku', true],
    ['lines.x.sku', false],
    ['lines.2.qty', false],
    ['lines', false],
    ['detail.origin', true],
    ['detail.0.origin', false],
  ])('%s → %s', (field, shown) => {
    expect(isFormPath(shape, toFieldPath(field))).toBe(shown);
  });
});

describe('splitFieldErrors', () => {
  it('puts errors of shown fields on them and keeps the rest as text', () => {
    expect(
      splitFieldErrors({ name: '必填', 'lines.1.sku': '太长', body: '不是对象' }, (path) =>
        isFormPath(shape, path),
      ),
    ).toEqual({
      fields: [
        { name: ['name'], errors: ['必填'] },
        { name: ['lines', 1, 'sku'], errors: ['太长'] },
      ],
      other: ['body: 不是对象'],
    });
    expect(splitFieldErrors(undefined, () => true)).toEqual({ fields: [], other: [] });
  });
});
