import { deletableTables } from '../../../src/designer/lib/deletable-tables';

describe('deletableTables', () => {
  it.each([
    [[], { ids: [], skipped: 0 }],
    [[{ id: 1 }, { id: 2, systemable: false }], { ids: [1, 2], skipped: 0 }],
    [[{ id: 1, systemable: true }, { id: 2 }], { ids: [2], skipped: 1 }],
    [
      [
        { id: 1, systemable: true },
        { id: 2, systemable: true },
      ],
      { ids: [], skipped: 2 },
    ],
  ])('%j → %j', (selected, expected) => {
    expect(deletableTables(selected)).toEqual(expected);
  });
});
