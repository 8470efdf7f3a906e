import { describe, expect, it } from 'vitest';
import type { Column } from '../../../contract';
import { defaultGroup, groupableColumns, laneColor, kanbanPath, titleColumn, toLanes } from './kanban-board';

const column = (name: string, dataType: Column['dataType']) => ({ name, dataType }) as Column;
const columns = [
  column('id', 'BIGINT'),
  column('code', 'VARCHAR'),
  column('title', 'VARCHAR'),
  column('status', 'CHAR'),
  column('done', 'BOOL'),
  column('notes', 'TEXT'),
  column('createdDate', 'DATETIME'),
  column('isDeleted', 'BOOL'),
];

describe('kanban board', () => {
  it('groups by short text and flag columns, never keys or server-filled columns', () => {
    expect(groupableColumns(columns, ['code']).map((c) => c.name)).toEqual(['title', 'status', 'done']);
    expect(groupableColumns([column('id', 'BIGINT'), column('notes', 'TEXT')], ['id'])).toEqual([]);
  });

  it('puts records in lanes by value, in order of appearance, the empty lane last', () => {
    const records = [
      { id: 1, status: null },
      { id: 2, status: 'open' },
      { id: 3, status: 'done' },
      { id: 4, status: 'open' },
      { id: 5, done: true },
    ];
    expect(toLanes(records, 'status').map((lane) => [lane.value, lane.records.map((r) => r.id)])).toEqual([
      ['open', [2, 4]],
      ['done', [3]],
      ['', [1, 5]],
    ]);
    expect(toLanes(records, 'done').map((lane) => lane.value)).toEqual(['true', '']);
  });

  it('groups first by the column with the fewest distinct values', () => {
    const records = [
      { title: 'a', status: 'open', done: false },
      { title: 'b', status: 'open', done: true },
      { title: 'c', status: 'open', done: true },
    ];
    expect(defaultGroup(groupableColumns(columns, ['code']), records)).toBe('status');
    expect(defaultGroup([], records)).toBeUndefined();
  });

  it('titles cards with the first other text column, else the key', () => {
    expect(titleColumn(columns, 'status', ['id'])).toBe('code');
    expect(
      titleColumn([column('id', 'BIGINT'), column('name', 'VARCHAR'), column('notes', 'TEXT')], 'x', ['id']),
    ).toBe('name');
    expect(titleColumn([column('id', 'BIGINT'), column('status', 'CHAR')], 'status', ['id'])).toBe('id');
  });

  it('links to the board of a table', () => {
    expect(kanbanPath('my db', 'order items')).toBe('/dataSource/my%20db/ext/kanban/order%20items');
  });
});

describe('laneColor', () => {
  it('gives a value the same colour every time, and no value none', () => {
    expect(laneColor('进行中')).toBe(laneColor('进行中'));
    expect([
      'blue',
      'green',
      'orange',
      'purple',
      'cyan',
      'magenta',
      'gold',
      'geekblue',
      'volcano',
      'lime',
    ]).toContain(laneColor('进行中'));
    expect(new Set(['待办', '进行中', '完成', 'a', 'b', 'c'].map(laneColor)).size).toBeGreaterThan(1);
    expect(laneColor(true)).toBe(laneColor('true'));
    expect(laneColor('')).toBeUndefined();
    expect(laneColor(null)).toBeUndefined();
  });

  describe('a choice column', () => {
    const status = {
      name: 'status',
      dataType: 'TEXT',
      options: [
        { value: 'todo', captions: { 'zh-CN': '待办' }, color: 'blue' },
        { value: 'doing' },
        { value: 'done', color: 'green' },
      ],
    } as Column;
    const labels = {
      name: 'labels',
      dataType: 'VARCHAR',
      multipleValue: true,
      options: [{ value: 'hot' }, { value: 'new' }],
    } as Column;

    it('can be grouped by, whatever its text type, and is grouped by first', () => {
      expect(groupableColumns([...columns, status], ['code']).map((c) => c.name)).toContain('status');
      expect(defaultGroup([column('title', 'VARCHAR'), column('done', 'BOOL'), status], [])).toBe('status');
    });

    it('has one lane per option in option order (empty ones too), then stray values, then none', () => {
      const records = [
        { id: 1, status: 'done' },
        { id: 2, status: null },
        { id: 3, status: 'todo' },
        { id: 4, status: 'archived' },
        { id: 5, status: 'done' },
      ];
      const lanes = toLanes(records, status);
      expect(
        lanes.map((lane) => [lane.value, lane.option?.color ?? null, lane.records.map((r) => r.id)]),
      ).toEqual([
        ['todo', 'blue', [3]],
        ['doing', null, []],
        ['done', 'green', [1, 5]],
        ['archived', null, [4]],
        ['', null, [2]],
      ]);
      expect(lanes[0]?.option?.captions).toEqual({ 'zh-CN': '待办' });
    });

    it('puts a multiple choice record in the lane of each value it chose', () => {
      const lanes = toLanes([{ id: 1, labels: 'new,hot' }, { id: 2, labels: 'hot' }, { id: 3 }], labels);
      expect(lanes.map((lane) => [lane.value, lane.records.map((r) => r.id)])).toEqual([
        ['hot', [1, 2]],
        ['new', [1]],
        ['', [3]],
      ]);
    });
  });
});
