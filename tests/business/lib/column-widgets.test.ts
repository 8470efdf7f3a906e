import { describe, expect, it } from 'vitest';
import {
  chosenWidget,
  parseStoredWidgets,
  widgetChoices,
  widgetRecord,
  widgetsFor,
} from '../../../src/business/lib/column-widgets';

const registry = new Map([
  ['tag', { id: 'tag', types: ['VARCHAR', 'BOOL'] }],
  ['stars', { id: 'stars', types: ['INT'] }],
  ['color', { id: 'color', types: ['VARCHAR'] }],
]);

describe('column widgets', () => {
  it('reads the interface and display records, dropping other keys and malformed ones', () => {
    const stored = parseStoredWidgets([
      { id: 1, columnId: 3, key: 'interface', value: '{"id":"color"}' },
      { id: '2', columnId: '3', key: 'display', value: { id: 'tag' } },
      { id: 3, columnId: 4, key: 'valueDialog', value: '{"name":"n","url":"/u"}' },
      { id: 4, columnId: 4, key: 'display', value: 'not json' },
      { id: 5, columnId: 4, key: 'display', value: '{"id":""}' },
      { id: 6, key: 'display', value: '{"id":"tag"}' },
      null,
    ]);
    expect(stored).toEqual([
      { recordId: 1, columnId: 3, key: 'interface', id: 'color' },
      { recordId: 2, columnId: 3, key: 'display', id: 'tag' },
    ]);
    expect(widgetChoices(stored)).toEqual(new Map([[3, { interface: 'color', display: 'tag' }]]));
  });

  it('offers the widgets made for the data type, in registry order', () => {
    expect(widgetsFor(registry, 'VARCHAR').map((widget) => widget.id)).toEqual(['tag', 'color']);
    expect(widgetsFor(registry, 'INT').map((widget) => widget.id)).toEqual(['stars']);
    expect(widgetsFor(registry, 'DATE')).toEqual([]);
  });

  it('uses a choice only while it is registered and fits the data type', () => {
    expect(chosenWidget(registry, 'tag', 'BOOL')?.id).toBe('tag');
    expect(chosenWidget(registry, undefined, 'BOOL')).toBeUndefined();
    // the column became a number after the choice: back to the built-in one
    expect(chosenWidget(registry, 'tag', 'INT')).toBeUndefined();
    // the extension is gone
    expect(chosenWidget(registry, 'gone', 'VARCHAR')).toBeUndefined();
  });

  it('stores a choice as JSON text', () => {
    expect(widgetRecord(7, 3, 'display', 'tag')).toEqual({
      tableId: 7,
      columnId: 3,
      key: 'display',
      value: '{"id":"tag"}',
    });
  });
});
