import 'antd/dist/reset.css';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { AppThemeProvider } from './common/components/AppThemeProvider';
import { ChunkErrorBoundary } from './errors/ChunkErrorBoundary';
import { lazyPage } from './common/components/lazyPage';
import { UiBridgeRegistrar } from './common/components/UiBridgeRegistrar';

const LoginPage = lazyPage(() => import('./auth/pages/LoginPage').then((m) => m.LoginPage));
const ForbiddenPage = lazyPage(() => import('./errors/ForbiddenPage').then((m) => m.ForbiddenPage));
/** Refine with its providers, resources and the signed-in routes: loaded after the open pages. */
const RefineApp = lazyPage(() => import('./RefineApp').then((m) => m.RefineApp));

const TopRoutes = () => {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/403" element={<ForbiddenPage />} />
        <Route path="*" element={<RefineApp />} />
      </Routes>
    </ChunkErrorBoundary>
  );
};

/**
 * Router (base /crudboard), antd theme and locale. /login and /403 are open and
 * light; every other path goes to <RefineApp>, which needs a session (docs/product.md §2, §6).
 */
export const App = () => (
  <BrowserRouter basename="/crudboard">
    <AppThemeProvider>
      <UiBridgeRegistrar />
      <TopRoutes />
    </AppThemeProvider>
  </BrowserRouter>
);
