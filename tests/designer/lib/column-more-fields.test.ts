import { describe, expect, it } from 'vitest';
import { MORE_FIELDS, moreErrors, moreFieldOf } from '../../../src/designer/lib/column-more-fields';

describe('the fields of a column row’s More drawer', () => {
  it('keeps the advanced settings and leaves the common ones in the grid', () => {
    for (const field of [
      'precision',
      'scale',
      'unsigned',
      'indexType',
      'defaultValue',
      'seqId',
      'description',
    ])
      expect(MORE_FIELDS).toContain(field);
    for (const field of ['name', 'caption', 'dataType', 'length', 'nullable', 'insertable', 'multipleValue'])
      expect(MORE_FIELDS).not.toContain(field);
  });

  it('places caption messages on the English caption', () => {
    expect(moreFieldOf('captions')).toBe('captionEn');
    expect(moreFieldOf('captions.en-US')).toBe('captionEn');
    expect(moreFieldOf('precision')).toBe('precision');
    expect(moreFieldOf('name')).toBeNull();
  });

  it('picks the drawer messages of a row, leaving grid and row messages out', () => {
    expect(moreErrors({ name: '必填', precision: '太大', '*': '整行', 'captions.en-US': '太长' })).toEqual({
      precision: '太大',
      captionEn: '太长',
    });
    expect(moreErrors(undefined)).toEqual({});
  });
});
