import { Authenticated, Refine } from '@refinedev/core';
import { appRouterProvider } from './providers/router-provider';
import { useMemo, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { lazyPage } from './common/components/lazyPage';
import { extensionRegistry } from './extensions/registry';
import { TablePageSwitch } from './extensions/TablePageSwitch';
import { PageSpin } from './common/components/PageSpin';
import { RequireAccess, type GuardedResource } from './common/components/RequireAccess';
import { appClient } from './providers/app-client';
import { addTexts, i18nProvider } from './providers/i18n-provider';
import { useNotificationProvider } from './providers/notification-provider';
import { staticResources } from './resources/staticResources';
import { toTableResources } from './resources/toTableResources';
import { useCaptionLanguage } from './common/hooks/useCaption';
import { useRegisteredTables } from './resources/useRegisteredTables';

const AppLayout = lazyPage(() => import('./layout/AppLayout').then((m) => m.AppLayout));
const NotFoundPage = lazyPage(() => import('./errors/NotFoundPage').then((m) => m.NotFoundPage));
const HomePage = lazyPage(() => import('./home/HomePage').then((m) => m.HomePage));
const AboutPage = lazyPage(() => import('./about/AboutPage').then((m) => m.AboutPage));
const SettingPage = lazyPage(() => import('./settings/SettingPage').then((m) => m.SettingPage));
const AuditLogPage = lazyPage(() => import('./audit/pages/AuditLogPage').then((m) => m.AuditLogPage));
const TableListPage = lazyPage(() => import('./designer/pages/TableListPage').then((m) => m.TableListPage));
const TableCreatePage = lazyPage(() =>
  import('./designer/pages/TableCreatePage').then((m) => m.TableCreatePage),
);
const TableEditPage = lazyPage(() => import('./designer/pages/TableEditPage').then((m) => m.TableEditPage));
const TableIndexesPage = lazyPage(() =>
  import('./designer/pages/TableIndexesPage').then((m) => m.TableIndexesPage),
);
const FormBuilderPage = lazyPage(() =>
  import('./designer/pages/FormBuilderPage').then((m) => m.FormBuilderPage),
);
const TablePermissionPage = lazyPage(() =>
  import('./designer/pages/TablePermissionPage').then((m) => m.TablePermissionPage),
);
const RecordImportPage = lazyPage(() =>
  import('./business/pages/RecordImportPage').then((m) => m.RecordImportPage),
);
const BusinessImportPage = lazyPage(() =>
  import('./business/pages/BusinessImportPage').then((m) => m.BusinessImportPage),
);
const SequenceListPage = lazyPage(() =>
  import('./sequences/SequenceListPage').then((m) => m.SequenceListPage),
);
const SequenceFormPage = lazyPage(() =>
  import('./sequences/SequenceFormPage').then((m) => m.SequenceFormPage),
);
const TableReversePage = lazyPage(() =>
  import('./designer/pages/TableReversePage').then((m) => m.TableReversePage),
);
const TableImportPage = lazyPage(() =>
  import('./designer/pages/TableImportPage').then((m) => m.TableImportPage),
);
const RelationListPage = lazyPage(() =>
  import('./relations/pages/RelationListPage').then((m) => m.RelationListPage),
);
const RelationFormPage = lazyPage(() =>
  import('./relations/pages/RelationFormPage').then((m) => m.RelationFormPage),
);
const RelationGraphPage = lazyPage(() =>
  import('./relations/pages/RelationGraphPage').then((m) => m.RelationGraphPage),
);
const SqlConsolePage = lazyPage(() => import('./sql/pages/SqlConsolePage').then((m) => m.SqlConsolePage));
const BusinessListPage = lazyPage(() =>
  import('./business/pages/BusinessListPage').then((m) => m.BusinessListPage),
);
const BusinessFormPage = lazyPage(() =>
  import('./business/pages/BusinessFormPage').then((m) => m.BusinessFormPage),
);

const M = 'dataSource/:dataSource/metadata';
/** What each metadata screen asks of the user: reading the metadata, or running SQL for the console. */
const TABLES: GuardedResource = { name: 'tables', kind: 'metadata', action: 'list' };
const SEQUENCES: GuardedResource = { name: 'sequences', kind: 'metadata', action: 'list' };
const RELATIONS: GuardedResource = { name: 'tablerelations', kind: 'metadata', action: 'list' };
const SQL: GuardedResource = { name: 'sqls', kind: 'sql', action: 'create' };
const AUDIT: GuardedResource = { name: 'audit', kind: 'audit', action: 'list' };
/** A screen shown only to who may use it; others who open its link see the no-access page. */
const guarded = (resource: GuardedResource, page: ReactNode) => (
  <RequireAccess resource={resource}>{page}</RequireAccess>
);

// the extensions' texts live under `ext.<name>.`
addTexts((locale) => extensionRegistry.locale(locale));

/** The signed-in routes of docs/product.md §2, all inside the layout; unknown paths show the not-found page. */
export const AppRoutes = () => (
  <Routes>
    <Route
      element={
        <Authenticated key="app" loading={<PageSpin fullScreen />}>
          <AppLayout />
        </Authenticated>
      }
    >
      <Route index element={<HomePage />} />
      <Route path="dataSource/:dataSource" element={<HomePage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="setting" element={<SettingPage />} />
      <Route path="audit" element={guarded(AUDIT, <AuditLogPage />)} />
      <Route path={`${M}/tables`} element={guarded(TABLES, <TableListPage />)} />
      <Route path={`${M}/tables/new`} element={guarded(TABLES, <TableCreatePage />)} />
      <Route path={`${M}/tables/reverse`} element={guarded(TABLES, <TableReversePage />)} />
      <Route path={`${M}/tables/import`} element={guarded(TABLES, <TableImportPage />)} />
      <Route path={`${M}/tables/:id`} element={guarded(TABLES, <TableEditPage />)} />
      <Route path={`${M}/tables/:id/indexs`} element={guarded(TABLES, <TableIndexesPage />)} />
      <Route path={`${M}/tables/:id/formBuilder`} element={guarded(TABLES, <FormBuilderPage />)} />
      <Route path={`${M}/tables/:id/tablePermission`} element={guarded(TABLES, <TablePermissionPage />)} />
      <Route path={`${M}/sequences`} element={guarded(SEQUENCES, <SequenceListPage />)} />
      <Route path={`${M}/sequences/new`} element={guarded(SEQUENCES, <SequenceFormPage />)} />
      <Route path={`${M}/sequences/:id`} element={guarded(SEQUENCES, <SequenceFormPage />)} />
      <Route path={`${M}/relations`} element={guarded(RELATIONS, <RelationListPage />)} />
      <Route path={`${M}/relations/new`} element={guarded(RELATIONS, <RelationFormPage />)} />
      <Route path={`${M}/relations/graph`} element={guarded(RELATIONS, <RelationGraphPage />)} />
      <Route path={`${M}/relations/:id`} element={guarded(RELATIONS, <RelationFormPage />)} />
      <Route path={`${M}/sqls/new`} element={guarded(SQL, <SqlConsolePage />)} />
      <Route path="dataSource/:dataSource/business/import" element={<BusinessImportPage />} />
      <Route
        path="dataSource/:dataSource/business/:tableName"
        element={<TablePageSwitch action="list" generic={BusinessListPage} />}
      />
      <Route
        path="dataSource/:dataSource/business/:tableName/new"
        element={<TablePageSwitch action="form" generic={BusinessFormPage} />}
      />
      <Route path="dataSource/:dataSource/business/:tableName/import" element={<RecordImportPage />} />
      <Route
        path="dataSource/:dataSource/business/:tableName/:recId"
        element={<TablePageSwitch action="form" generic={BusinessFormPage} />}
      />
      {extensionRegistry.routes.map(({ path, component: Page, permission }) => (
        <Route
          key={path}
          path={path.replace(/^\//, '')}
          element={
            permission === undefined ? (
              <Page />
            ) : (
              guarded({ name: path, kind: 'extension', action: 'list', meta: { permission } }, <Page />)
            )
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Routes>
);

/** Refine with its providers; the user's tables become resources once loaded (refine-v5-notes §4). */
export const RefineApp = () => {
  const { dataSource, tables } = useRegisteredTables();
  const language = useCaptionLanguage();
  const resources = useMemo(
    () => [
      ...staticResources,
      ...extensionRegistry.resources,
      ...toTableResources(tables, dataSource, language),
    ],
    [tables, dataSource, language],
  );
  const { dataProviders, authProvider, accessControlProvider, auditLogProvider, refineOptions } = appClient();
  return (
    <Refine
      routerProvider={appRouterProvider}
      dataProvider={dataProviders}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      auditLogProvider={auditLogProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        ...refineOptions,
      }}
    >
      <AppRoutes />
    </Refine>
  );
};
