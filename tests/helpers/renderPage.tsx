import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { renderWithRefine, type RenderOptions } from './renderWithRefine';

export interface RenderPageOptions extends Omit<RenderOptions, 'url'> {
  /** The URL the page opens at. */
  url: string;
  /** The route pattern the page is mounted on, as in the app. */
  route: string;
}

/** A page on its app route (so `useParams` works), inside the app's Refine setup, at `url`. */
export const renderPage = (page: ReactElement, { url, route, ...options }: RenderPageOptions) =>
  renderWithRefine(
    <Routes>
      <Route path={route} element={page} />
      <Route path="*" element={null} />
    </Routes>,
    { url, ...options },
  );

/** Where the app is now (after navigation). */
export const currentPath = (): string => `${window.location.pathname}${window.location.search}`;
