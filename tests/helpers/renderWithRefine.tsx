import {
  Refine,
  type AccessControlProvider,
  type AuthProvider,
  type DataProvider,
  type DataProviders,
  type ResourceProps,
} from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { vi } from 'vitest';
import { AppThemeProvider } from '../../src/common/components/AppThemeProvider';
import { i18nProvider } from '../../src/providers/i18n-provider';
import { useNotificationProvider } from '../../src/providers/notification-provider';

/** A data provider whose every method throws unless the test supplies it. */
export const testDataProvider = (overrides: Partial<DataProvider> = {}): DataProvider => {
  const fail = (name: string) =>
    vi.fn(async () => {
      throw new Error(`unexpected dataProvider.${name} call`);
    });
  return {
    getApiUrl: () => '/api',
    getList: fail('getList'),
    getOne: fail('getOne'),
    create: fail('create'),
    update: fail('update'),
    deleteOne: fail('deleteOne'),
    custom: fail('custom'),
    ...overrides,
  } as DataProvider;
};

export interface RenderOptions {
  url?: string;
  /** The router state the page is opened with (what `navigate(url, { state })` hands over). */
  state?: unknown;
  dataProvider?: DataProvider | DataProviders;
  authProvider?: AuthProvider;
  accessControlProvider?: AccessControlProvider;
  resources?: ResourceProps[];
}

/** The app's own router, theme and Refine setup around `children` (for `render` and `renderHook`). */
export const refineWrapper =
  (options: Omit<RenderOptions, 'url'> = {}) =>
  ({ children }: { children: ReactNode }) => (
    <BrowserRouter>
      <AppThemeProvider>
        <Refine
          routerProvider={routerProvider}
          dataProvider={options.dataProvider ?? testDataProvider()}
          {...(options.authProvider ? { authProvider: options.authProvider } : {})}
          {...(options.accessControlProvider ? { accessControlProvider: options.accessControlProvider } : {})}
          i18nProvider={i18nProvider}
          notificationProvider={useNotificationProvider}
          resources={options.resources ?? []}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { gcTime: 0, retry: false } } } },
          }}
        >
          {children}
        </Refine>
      </AppThemeProvider>
    </BrowserRouter>
  );

/** Renders inside the app's own router, theme and Refine setup, at `url`. */
export const renderWithRefine = (ui: ReactElement, { url, state, ...options }: RenderOptions = {}) => {
  window.history.replaceState(
    state === undefined ? {} : { usr: state, key: 'opened', idx: 0 },
    '',
    url ?? '/',
  );
  return render(ui, { wrapper: refineWrapper(options) });
};
