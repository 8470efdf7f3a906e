import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import type { Column, Table } from '../../contract';
import { BusinessListProvider } from '../../src/business/components/BusinessListProvider';
import { BusinessListView } from '../../src/business/components/BusinessListView';
import { BusinessRowActions } from '../../src/business/components/BusinessRowActions';
import { useBusinessListContext } from '../../src/business/hooks/useBusinessListContext';
import { useBusinessTable } from '../../src/business/hooks/useBusinessTable';
import type { ExtensionRegistry } from '../../src/extensions/createExtensionRegistry';
import { defineExtension, type CrudboardExtension } from '../../src/extensions/defineExtension';
import { TablePageSwitch } from '../../src/extensions/TablePageSwitch';
import { clearSession } from '../../src/store/session';
import { appProviders } from '../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderWithRefine } from '../helpers/renderWithRefine';
import { clerk, signIn } from '../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

/** A button another extension adds beside 新增 of every list; it reads the table the page loaded. */
const ToolButton = ({ tableName }: { tableName: string }) => {
  const { meta } = useBusinessTable(tableName, { staleTime: Infinity });
  return <button type="button">工具 {meta?.table.columns.length ?? '?'}</button>;
};

/** A button the same extension adds to every row. */
const RowTool = ({ recordKey }: { recordKey?: string }) => <button type="button">行工具 {recordKey}</button>;

/** An extension's records: a tile per record with the row's actions (and the slots' buttons). */
const Tiles = () => {
  const { list, keyOf } = useBusinessListContext();
  return (
    <ul>
      {list.rows.map((record) => (
        <li key={keyOf(record)} data-testid={`tile-${keyOf(record)}`}>
          {String(record.name)}
          <BusinessRowActions record={record} card />
        </li>
      ))}
    </ul>
  );
};

/** An extension's list page made of the generic list's pieces, with its own records. */
const TileList = ({ slots }: { slots?: boolean }) => {
  const tableName = useParams().tableName ?? '';
  return (
    <BusinessListProvider tableName={tableName} slots={slots}>
      <BusinessListView records={<Tiles />} />
    </BusinessListProvider>
  );
};

// The registry the pieces and the page switch read (a unit-level fake: the real one holds only
// the extensions of this build): one extension adds slots to every list, another replaces the
// lists of two tables, keeping the slots on one and turning them off on the other. Built when
// first read, since its extensions are made of the pieces that read it.
const fake = vi.hoisted(() => ({ extensions: [] as CrudboardExtension[] }));
vi.mock('../../src/extensions/registry', async () => {
  const { createExtensionRegistry } = await import('../../src/extensions/createExtensionRegistry');
  let built: ExtensionRegistry | undefined;
  const registry = () => (built ??= createExtensionRegistry(fake.extensions));
  return {
    extensionRegistry: new Proxy({} as ExtensionRegistry, {
      get: (_, key) => registry()[key as keyof ExtensionRegistry],
    }),
  };
});
fake.extensions.push(
  defineExtension({ name: 'tools', slots: { list: { extraActions: ToolButton, rowActions: RowTool } } }),
  defineExtension({
    name: 'tiles',
    pages: {
      orders: { list: () => <TileList /> },
      notes: { list: () => <TileList slots={false} /> },
    },
  }),
);

const col = (id: number, name: string, dataType: Column['dataType']): Column => ({
  id,
  name,
  caption: name,
  dataType,
});

const tableOf = (id: number, name: string): Table => ({
  id,
  name,
  caption: name,
  primaryNames: ['id'],
  historyMode: 'off',
  systemable: true,
  columns: [col(id * 10 + 1, 'id', 'BIGINT'), col(id * 10 + 2, 'name', 'VARCHAR')],
});

const RECORDS = [
  { id: 7, name: '第七条' },
  { id: 8, name: '第八条' },
];

let server: FakeHttp;
beforeEach(() => {
  signIn(clerk);
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  for (const [id, name] of [
    [50, 'orders'],
    [51, 'notes'],
  ] as const) {
    server.on('GET', `/metadata/tables/name/${name}`, { data: tableOf(id, name) });
    server.on('GET', `/metadata/tablerelations/fromTable/name/${name}`, { data: [] });
    server.on('GET', `/metadata/tables/name/${name}/screen`, {
      data: { formBuilders: [], extProperties: [] },
    });
    server.on('GET', `/business/${name}`, { data: RECORDS });
    server.on('GET', `/business/${name}/count`, { data: RECORDS.length });
  }
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
});

const openList = (tableName: string) =>
  renderWithRefine(
    <Routes>
      <Route
        path="/dataSource/:dataSource/business/:tableName"
        element={<TablePageSwitch action="list" generic={() => <h1>通用列表</h1>} />}
      />
    </Routes>,
    { url: `/dataSource/primary/business/${tableName}`, ...appProviders },
  );

describe("an extension's list page made of the generic list's pieces", () => {
  it("shows the buttons other extensions add to every list, beside the list's own and in each record", async () => {
    openList('orders');
    const tile = await screen.findByTestId('tile-7');
    expect(within(tile).getByText('第七条')).toBeInTheDocument();
    expect(await within(tile).findByRole('button', { name: '行工具 7' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('tile-8')).getByRole('button', { name: '行工具 8' }),
    ).toBeInTheDocument();
    // the slot reads the table the page loaded: no second request for it
    expect(await screen.findByRole('button', { name: '工具 2' })).toBeInTheDocument();
    expect(server.sent('GET', '/metadata/tables/name/orders')).toHaveLength(1);
    // the list's own pieces are there too: the toolbar and the pager
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '通用列表' })).not.toBeInTheDocument();
  });

  it('leaves them out when the page turns the slots off', async () => {
    openList('notes');
    const tile = await screen.findByTestId('tile-7');
    expect(within(tile).getByText('第七条')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^工具/ })).not.toBeInTheDocument();
    expect(within(tile).queryByRole('button', { name: /^行工具/ })).not.toBeInTheDocument();
  });
});
