import { describe, expect, it } from 'vitest';
import type { RawForeignKey } from '../../../src/dialects/introspection/introspection';
import { planRelations, type RelationTable } from '../../../src/services/reverse/plan-relations';
import type { ReverseWarning } from '../../../src/services/reverse/reverse-warning';

const table = (tableName: string, columns: string[], extra: Partial<RelationTable> = {}): RelationTable => ({
  tableName,
  name: tableName,
  caption: tableName,
  columns,
  relations: [],
  reversed: true,
  ...extra,
});

const fk = (
  tableName: string,
  column: string,
  refTable: string,
  refColumn: string | null,
  constraint = `${tableName}_${column}`,
): RawForeignKey => ({ constraint, table: tableName, column, refTable, refColumn });

const summary = (relations: ReturnType<typeof planRelations>) =>
  relations.map(
    (r) => `${r.fromTable}.${r.name} ${r.relationType} ${r.fromColumn}->${r.toTable}.${r.toColumn}`,
  );

describe('planRelations', () => {
  it('makes a ManyToOne on the child and its OneToMany counterpart on the parent', () => {
    const warnings: ReverseWarning[] = [];
    const planned = planRelations(
      [table('Album', ['AlbumId', 'Title', 'ArtistId']), table('Artist', ['ArtistId', 'Name'])],
      [fk('Album', 'ArtistId', 'artist', 'artistid')],
      warnings,
    );
    expect(summary(planned)).toEqual([
      'Album.artist ManyToOne ArtistId->Artist.ArtistId',
      'Artist.albums OneToMany ArtistId->Album.ArtistId',
    ]);
    expect(warnings).toEqual([]);
  });

  it('names relations of Chinese, spaced and hyphenated columns with names the API accepts', () => {
    const planned = planRelations(
      [
        table('订单', ['编号', '客户ID', 'sales rep_id', 'ship-to'], { name: 'dingdan' }),
        table('客户', ['编号', '名称'], { name: 'kehu' }),
        table('staff', ['id']),
        table('address', ['id']),
      ],
      [
        fk('订单', '客户ID', '客户', '编号'),
        fk('订单', 'sales rep_id', 'staff', 'id'),
        fk('订单', 'ship-to', 'address', 'id'),
      ],
      [],
    );
    expect(summary(planned)).toEqual([
      '订单.kehu ManyToOne 客户ID->客户.编号',
      '客户.dingdans OneToMany 编号->订单.客户ID',
      '订单.salesRep ManyToOne sales rep_id->staff.id',
      'staff.dingdans OneToMany id->订单.sales rep_id',
      '订单.shipTo ManyToOne ship-to->address.id',
      'address.dingdans OneToMany id->订单.ship-to',
    ]);
    for (const relation of planned) expect(relation.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
  });

  it('never reuses a column or relation name of the table, ignoring case', () => {
    const planned = planRelations(
      [
        table('employee', ['employee_id', 'reports_to', 'mentor_id', 'Employees']),
        table('category', ['id', 'parent']),
      ],
      [
        fk('employee', 'reports_to', 'employee', 'employee_id'),
        fk('employee', 'mentor_id', 'employee', 'employee_id'),
        fk('category', 'parent', 'category', 'id'),
      ],
      [],
    );
    expect(summary(planned)).toEqual([
      'employee.employee ManyToOne reports_to->employee.employee_id',
      'employee.employeesByReportsTo OneToMany employee_id->employee.reports_to',
      'employee.mentor ManyToOne mentor_id->employee.employee_id',
      'employee.employeesByMentor OneToMany employee_id->employee.mentor_id',
      'category.category ManyToOne parent->category.id',
      'category.categories OneToMany id->category.parent',
    ]);
  });

  it('links to managed tables, numbers names as a last resort, and reports what it skips', () => {
    const warnings: ReverseWarning[] = [];
    const planned = planRelations(
      [
        table('track', ['id', 'album', 'albums', 'album_id', 'genre_id', 'a', 'b']),
        table('album', ['id', 'tracks'], { reversed: false, relations: ['tracksByAlbum'] }),
        table('old', ['id', 'x_id'], { reversed: false }),
        table('other', ['id', 'y_id'], { reversed: false }),
      ],
      [
        fk('track', 'album_id', 'album', 'id'),
        fk('track', 'genre_id', 'genre', 'id'),
        fk('track', 'a', 'album', 'id', 'composite'),
        fk('track', 'b', 'album', 'id', 'composite'),
        fk('old', 'x_id', 'other', 'id'),
      ],
      warnings,
    );
    expect(summary(planned)).toEqual([
      'track.albumAlbum ManyToOne album_id->album.id',
      'album.tracks2 OneToMany id->track.album_id',
    ]);
    expect(warnings).toEqual([
      { table: 'track', column: 'genre_id', name: 'track_genre_id', reason: 'foreignKeySkipped' },
      { table: 'track', column: 'a', name: 'composite', reason: 'foreignKeySkipped' },
    ]);
  });
});
