import { describe, expect, it } from 'vitest';
import {
  findLayout,
  parseFormLayouts,
  parseLayoutBody,
  parseValueDialogs,
} from '../../../src/business/lib/business-meta';

describe('parseLayoutBody', () => {
  it.each<[unknown, unknown]>([
    ['[{"columnId":3,"width":6},{"columnId":"4"}]', [{ columnId: 3, width: 6 }, { columnId: 4 }]],
    [[{ columnId: 1, width: '12' }], [{ columnId: 1, width: 12 }]],
    ['[{"width":6},null,5,{"columnId":"x"}]', []],
    ['not json', []],
    ['{"columnId":1}', []],
    [null, []],
  ])('%j → %j', (body, items) => {
    expect(parseLayoutBody(body)).toEqual(items);
  });
});

describe('parseFormLayouts', () => {
  it('keeps records with a table id and parses their bodies', () => {
    expect(
      parseFormLayouts([
        { id: 1, tableId: 7, device: 'pc', type: 'list', body: '[{"columnId":2}]' },
        { id: '2', tableId: '7', device: 'pc', type: 'create', body: 'oops' },
        { id: 3, device: 'pc', type: 'list', body: '[]' },
        'junk',
      ]),
    ).toEqual([
      { id: 1, tableId: 7, device: 'pc', type: 'list', body: [{ columnId: 2 }] },
      { id: 2, tableId: 7, device: 'pc', type: 'create', body: [] },
    ]);
  });

  it('finds the pc list layout', () => {
    const layouts = parseFormLayouts([
      { tableId: 1, device: 'phone', type: 'list', body: '[{"columnId":1}]' },
      { tableId: 1, device: 'pc', type: 'list', body: '[{"columnId":2}]' },
    ]);
    expect(findLayout(layouts, 'list')?.body).toEqual([{ columnId: 2 }]);
    expect(findLayout(layouts, 'create')).toBeUndefined();
  });
});

describe('parseValueDialogs', () => {
  it.each<[unknown, unknown]>([
    [
      { columnId: 4, key: 'valueDialog', value: '{"name":"选择城市","url":"/cities.html"}' },
      [{ columnId: 4, name: '选择城市', url: '/cities.html' }],
    ],
    [
      { columnId: '4', value: { url: 'https://x.test/p' } },
      [{ columnId: 4, name: '', url: 'https://x.test/p' }],
    ],
    [{ columnId: 4, key: 'other', value: '{"url":"/a"}' }, []],
    [{ columnId: 4, key: 'valueDialog', value: '{"name":"x"}' }, []],
    [{ columnId: 4, key: 'valueDialog', value: 'broken' }, []],
    [{ key: 'valueDialog', value: '{"url":"/a"}' }, []],
  ])('%j → %j', (record, dialogs) => {
    expect(parseValueDialogs([record])).toEqual(dialogs);
  });
});
