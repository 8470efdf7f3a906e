import { describe, expect, it } from 'vitest';
import { captionIn } from '../../../contract';
import { columnLabel } from '../../../src/designer/lib/column-label';

const column = { name: 'price', caption: '价格', captions: { 'en-US': 'Price' } };

describe('columnLabel', () => {
  it('shows the caption of the UI language beside the name', () => {
    expect(columnLabel(column, (c) => captionIn(c, 'en-US'))).toBe('Price (price)');
    expect(columnLabel(column, (c) => captionIn(c, 'zh-CN'))).toBe('价格 (price)');
  });

  it('shows the name alone when there is no caption', () => {
    expect(columnLabel({ name: 'price' }, (c) => captionIn(c, 'en-US'))).toBe('price');
  });
});
