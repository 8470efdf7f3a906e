import { parseBatchColumns } from '../../../src/designer/lib/batch-columns';

describe('parseBatchColumns', () => {
  it.each([
    ['标题,价格,库存', [], ['col1:标题', 'col2:价格', 'col3:库存']],
    ['标题，价格，库存', [], ['col1:标题', 'col2:价格', 'col3:库存']],
    ['标题\n价格\r\n库存\n', [], ['col1:标题', 'col2:价格', 'col3:库存']],
    ['标题、价格', [], ['col1:标题', 'col2:价格']],
    [' 标题 ,, ，\n\n 价格 ', [], ['col1:标题', 'col2:价格']],
    ['title:标题,price:价格', [], ['title:标题', 'price:价格']],
    ['title：标题\n价格', [], ['title:标题', 'col1:价格']],
    ['价格,库存', ['col1', 'COL2'], ['col3:价格', 'col4:库存']],
    ['col1:甲,乙', [], ['col1:甲', 'col2:乙']],
    ['sku:', [], ['sku:sku']],
    [':名称', [], ['col1:名称']],
    ['', [], []],
    [' ,，\n', [], []],
  ])('%j (taken %j) → %j', (text, taken, expected) => {
    expect(parseBatchColumns(text, taken).map((e) => `${e.name}:${e.caption}`)).toEqual(expected);
  });
});
