import { Authenticated, Refine, useGetIdentity, useLogout } from '@refinedev/core';
import routerProvider, { CatchAllNavigate, NavigateToResource } from '@refinedev/react-router';
import { Link, Outlet, Route, Routes } from 'react-router';
import type { Identity } from '@crudboard/client';
import { client } from './client';
import { HistoryPage } from './HistoryPage';
import { LoginPage } from './LoginPage';
import { PricesPage } from './PricesPage';
import { RecordsPage } from './RecordsPage';
import { TablesPage } from './TablesPage';
import { texts } from './texts';

const Layout = () => {
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 16 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <strong>{texts.title}</strong>
        <span>{identity?.name}</span>
        <Link to="/prices">{texts.prices}</Link>
        <button type="button" onClick={() => logout()}>
          {texts.logout}
        </button>
      </header>
      <Outlet />
    </main>
  );
};

/**
 * A plain Refine app on crudboard's providers: sign in, pick a table, page through its records,
 * read a record's history (Refine's audit log), list the dearest products with the generated record
 * types (`npm run types`).
 */
export const App = () => (
  <Refine
    routerProvider={routerProvider}
    dataProvider={client.dataProviders}
    authProvider={client.authProvider}
    accessControlProvider={client.accessControlProvider}
    auditLogProvider={client.auditLogProvider}
    options={{ ...client.refineOptions, disableTelemetry: true }}
  >
    <Routes>
      <Route
        element={
          <Authenticated key="app" fallback={<CatchAllNavigate to="/login" />}>
            <Layout />
          </Authenticated>
        }
      >
        <Route index element={<TablesPage />} />
        <Route path="/tables/:table" element={<RecordsPage />} />
        <Route path="/tables/:table/:id/history" element={<HistoryPage />} />
        <Route path="/prices" element={<PricesPage />} />
      </Route>
      <Route
        path="/login"
        element={
          <Authenticated key="login" fallback={<LoginPage />}>
            <NavigateToResource fallbackTo="/" />
          </Authenticated>
        }
      />
    </Routes>
  </Refine>
);
