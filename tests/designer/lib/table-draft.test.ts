import type { Table } from '../../../contract';
import { toTableDraft, withColumns } from '../../../src/designer/lib/table-draft';
import { buildTablePayload } from '../../../src/designer/lib/table-payload';

const album: Table = {
  id: 7,
  name: 'album',
  titleColumn: 'title',
  columns: [
    { id: 1, name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', displayOrder: 0 },
    { id: 2, name: 'title', dataType: 'VARCHAR', length: 100, displayOrder: 1 },
    { id: 3, name: 'code', dataType: 'VARCHAR', length: 20, displayOrder: 2 },
  ],
};

describe('the title column in the table draft', () => {
  it('is loaded from the table and sent back', () => {
    const draft = toTableDraft(album);
    expect(draft.titleColumn).toBe('title');
    expect(buildTablePayload(draft, { isNew: false, stored: album }).titleColumn).toBe('title');
    expect(
      buildTablePayload(toTableDraft({ ...album, titleColumn: undefined }), { isNew: false }).titleColumn,
    ).toBe(null);
  });

  it('follows its row through a rename in the grid', () => {
    const draft = toTableDraft(album);
    const renamed = withColumns(
      draft,
      draft.columns.map((column) => (column.name === 'title' ? { ...column, name: 'albumTitle' } : column)),
    );
    expect(renamed.titleColumn).toBe('albumTitle');
    expect(buildTablePayload(renamed, { isNew: false, stored: album }).titleColumn).toBe('albumTitle');
  });

  it('goes back to the default rule when its row is removed, and is untouched by other rows', () => {
    const draft = toTableDraft(album);
    const withoutCode = withColumns(
      draft,
      draft.columns.filter((column) => column.name !== 'code'),
    );
    expect(withoutCode.titleColumn).toBe('title');
    const withoutTitle = withColumns(
      draft,
      draft.columns.filter((column) => column.name !== 'title'),
    );
    expect(withoutTitle.titleColumn).toBeNull();
  });

  it('never sends a name the grid no longer has', () => {
    const draft = { ...toTableDraft(album), titleColumn: 'ghost' };
    expect(buildTablePayload(draft, { isNew: false, stored: album }).titleColumn).toBeNull();
  });
});
