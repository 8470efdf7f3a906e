import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExtensionRegistry } from '../../src/extensions/createExtensionRegistry';
import { defineExtension } from '../../src/extensions/defineExtension';
import { TablePageSwitch } from '../../src/extensions/TablePageSwitch';
import { createAccessControlProvider } from '@crudboard/client';
import { clearSession } from '../../src/store/session';
import { appConfigLoader } from '../../src/store/useAppConfig';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderWithRefine } from '../helpers/renderWithRefine';
import { clerk, signIn } from '../helpers/session';

// The registry the switch reads, with one extension replacing the orders list (a unit-level fake:
// the real registry holds only the extensions of this build).
vi.mock('../../src/extensions/registry', () => ({
  extensionRegistry: createExtensionRegistry([
    defineExtension({ name: 'board', pages: { orders: { list: () => <h1>看板</h1> } } }),
  ]),
}));

const Generic = () => <h1>通用列表</h1>;

const renderAt = (url: string) =>
  renderWithRefine(
    <Routes>
      <Route
        path="/dataSource/:dataSource/business/:tableName"
        element={<TablePageSwitch action="list" generic={Generic} />}
      />
    </Routes>,
    { url, accessControlProvider: createAccessControlProvider() },
  );

let server: FakeHttp;
beforeEach(() => {
  appConfigLoader.reset();
  // the no-access page titles the window with the site's name (its settings)
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  clearSession();
});

describe('TablePageSwitch', () => {
  it("shows an extension's page of a table to who may read the table", async () => {
    signIn(clerk);
    renderAt('/dataSource/primary/business/orders');
    expect(await screen.findByRole('heading', { name: '看板' })).toBeInTheDocument();
  });

  it('shows the no-access page instead to who may not read it, and the generic page elsewhere', async () => {
    signIn({
      ...clerk,
      authorities: [{ authority: 'ROLE_BUSINESS' }, { authority: 'business:product:read' }],
    });
    renderAt('/dataSource/primary/business/orders');
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '看板' })).not.toBeInTheDocument();
  });

  it('leaves a table without an extension page to the generic page', async () => {
    signIn(clerk);
    renderAt('/dataSource/primary/business/product');
    expect(await screen.findByRole('heading', { name: '通用列表' })).toBeInTheDocument();
  });
});
