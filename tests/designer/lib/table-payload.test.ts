import type { Column } from '../../../contract';
import {
  newColumn,
  toColumnDrafts,
  withCaptionIn,
  type ColumnDraft,
} from '../../../src/designer/lib/column-draft';
import { moveItem } from '../../../src/designer/lib/move-item';
import { newTableDraft, toTableDraft } from '../../../src/designer/lib/table-draft';
import {
  buildTablePayload,
  hasColumnChanges,
  summariseColumnChanges,
} from '../../../src/designer/lib/table-payload';

const stored: Column[] = [
  {
    id: 1,
    name: 'id',
    dataType: 'BIGINT',
    indexType: 'PRIMARY',
    displayOrder: 0,
    createdDate: 1,
    lastModifiedDate: 2,
  },
  { id: 2, name: 'title', caption: '标题', dataType: 'VARCHAR', length: 100, displayOrder: 1 },
  { id: 3, name: 'price', dataType: 'DECIMAL', precision: 10, scale: 2, displayOrder: 2 },
];

describe('buildTablePayload', () => {
  it('a new table: trimmed fields, no ids, display order from 0, no client keys', () => {
    const draft = {
      ...newTableDraft(),
      name: ' product ',
      pluralName: 'products',
      tableName: 'product',
      caption: '产品 ',
    };
    const payload = buildTablePayload(draft, { isNew: true });
    expect(payload).toMatchObject({
      name: 'product',
      caption: '产品',
      description: null,
      engine: null,
      reverse: false,
    });
    expect(payload.columns.map((c) => c.displayOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(payload.columns.every((c) => !('id' in c) && !('key' in c))).toBe(true);
    expect(payload).not.toHaveProperty('indexs');
  });

  it('an edit: kept columns keep their id, new ones have none, removed ones are absent', () => {
    const draft = toTableDraft({ id: 9, name: 'product', columns: stored });
    draft.columns = [...draft.columns.filter((c) => c.name !== 'price'), newColumn('stock', '库存')];
    const payload = buildTablePayload(draft, { isNew: false });
    expect(payload.columns.map((c) => [c.name, c.id, c.displayOrder])).toEqual([
      ['id', 1, 0],
      ['title', 2, 1],
      ['stock', undefined, 2],
    ]);
    expect(payload.columns[2]).not.toHaveProperty('id');
    expect(payload.columns[0]).not.toHaveProperty('createdDate');
    expect(payload).not.toHaveProperty('reverse');
  });

  it('follows the grid order after moves', () => {
    const draft = toTableDraft({ id: 9, name: 'product', columns: stored });
    draft.columns = moveItem(draft.columns, 2, 'top');
    expect(
      buildTablePayload(draft, { isNew: false }).columns.map((c) => `${c.name}:${c.displayOrder}`),
    ).toEqual(['price:0', 'id:1', 'title:2']);
  });

  it('clears cells that do not apply and blanks', () => {
    const draft = newTableDraft();
    draft.columns = [
      { ...newColumn('n'), dataType: 'INT', length: 20, description: '  ', indexName: '', defaultValue: '' },
    ];
    expect(buildTablePayload(draft, { isNew: true }).columns[0]).toMatchObject({
      length: null,
      description: null,
      indexName: null,
      defaultValue: null,
    });
  });

  it('sends "no sequence" only to clear a stored one', () => {
    const withSequences: Column[] = [
      { id: 1, name: 'code', dataType: 'VARCHAR', length: 20, seqId: 4 },
      { id: 2, name: 'other', dataType: 'VARCHAR', length: 20, seqId: 5 },
      { id: 3, name: 'plain', dataType: 'VARCHAR', length: 20, seqId: null },
    ];
    const draft = toTableDraft({ id: 9, name: 'product', columns: withSequences });
    draft.columns = [
      { ...(draft.columns[0] as ColumnDraft), seqId: null },
      draft.columns[1] as ColumnDraft,
      draft.columns[2] as ColumnDraft,
      { ...newColumn('fresh'), seqId: 6 },
      newColumn('bare'),
    ];
    const columns = buildTablePayload(draft, { isNew: false, stored: { columns: withSequences } }).columns;
    expect(columns.map((c) => ('seqId' in c ? c.seqId : 'absent'))).toEqual([null, 5, 'absent', 6, 'absent']);
    const created = buildTablePayload({ ...draft, columns: [newColumn('x')] }, { isNew: true }).columns;
    expect(created[0]).not.toHaveProperty('seqId');
  });
});

describe('English captions', () => {
  it('the table keeps its other languages and trims the English one; blank clears it', () => {
    const table = {
      name: 'album',
      caption: '专辑',
      captions: { 'zh-CN': '专辑', 'en-US': 'Album' },
      columns: stored,
    };
    const draft = toTableDraft(table);
    expect(draft.captionEn).toBe('Album');
    expect(
      buildTablePayload({ ...draft, captionEn: ' Albums ' }, { isNew: false, stored: table }).captions,
    ).toEqual({
      'zh-CN': '专辑',
      'en-US': 'Albums',
    });
    expect(buildTablePayload({ ...draft, captionEn: '' }, { isNew: false, stored: table }).captions).toEqual({
      'zh-CN': '专辑',
    });
    expect(buildTablePayload({ ...newTableDraft(), captionEn: '  ' }, { isNew: true }).captions).toBeNull();
  });

  it('a column sends its captions as typed, trimmed, blank ones left out; untouched ones are not sent', () => {
    const draft = toTableDraft({ name: 'album', columns: stored });
    const [first, second] = draft.columns as [ColumnDraft, ColumnDraft];
    const columns = [first, { ...second, captions: withCaptionIn(second.captions, 'en-US', 'Title ') }];
    const payload = buildTablePayload({ ...draft, columns }, { isNew: false });
    expect(payload.columns?.[0]).not.toHaveProperty('captions');
    expect(payload.columns?.[1]?.captions).toEqual({ 'en-US': 'Title' });
    const cleared = [first, { ...second, captions: withCaptionIn({ 'en-US': 'Title' }, 'en-US', ' ') }];
    expect(
      buildTablePayload({ ...draft, columns: cleared }, { isNew: false }).columns?.[1]?.captions,
    ).toBeNull();
  });
});

describe('summariseColumnChanges', () => {
  it('lists added, removed, renamed and retyped columns', () => {
    const rows = toColumnDrafts(stored)
      .filter((c) => c.name !== 'price')
      .map((c) => (c.name === 'title' ? { ...c, name: 'headline', length: 50 } : c));
    const changes = summariseColumnChanges(stored, [...rows, newColumn('stock')]);
    expect(changes).toEqual({
      added: ['stock'],
      removed: ['price'],
      renamed: [{ from: 'title', to: 'headline' }],
      retyped: [{ name: 'headline', from: 'VARCHAR(100)', to: 'VARCHAR(50)' }],
    });
    expect(hasColumnChanges(changes)).toBe(true);
  });

  it('finds nothing when nothing changed', () => {
    expect(hasColumnChanges(summariseColumnChanges(stored, toColumnDrafts(stored)))).toBe(false);
  });
});

describe('summariseColumnChanges with untidy stored columns', () => {
  it('does not call BIGINT(20) → BIGINT a type change', () => {
    const untidy: Column[] = [{ id: 1, name: 'id', dataType: 'BIGINT', length: 20 }];
    expect(hasColumnChanges(summariseColumnChanges(untidy, toColumnDrafts(untidy)))).toBe(false);
  });
});
