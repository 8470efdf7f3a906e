import type { RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback } from 'react';
import { isListStateParam } from '../business/lib/list-url-state';

/** `params` without the search parameters a list keeps its own state in. */
export const withoutListState = <T extends Record<string, unknown>>(params: T | undefined): T | undefined => {
  if (!params) return params;
  const kept = Object.entries(params).filter(([name]) => !isListStateParam(name));
  return kept.length === Object.keys(params).length ? params : (Object.fromEntries(kept) as T);
};

type Parse = NonNullable<RouterProvider['parse']>;

/** The link as the binding reads it (nothing for a binding without one). */
const parseLink: Parse = routerProvider.parse ?? (() => () => ({}));

/** The binding's parse (called as a hook by Refine: it uses the router's hooks), list state left out. */
const useParseWithoutListState: Parse = () => {
  const parse = parseLink();
  return useCallback(() => {
    const parsed = parse();
    return { ...parsed, params: withoutListState(parsed.params) };
  }, [parse]) as typeof parse;
};

/**
 * Refine's React Router binding, except that what `parse` reads from the link leaves out a list's
 * own state (`q`, `page`, `size`, `sort`, `view`, `f.<column>`). Refine adds the link's other search
 * parameters to every query's `meta`, which is part of the query's key: a list writing its page
 * into the link would otherwise ask for the same page a second time, under a new key. A page of
 * one's own still finds its other search parameters in `meta`, as in any Refine app.
 */
export const appRouterProvider: RouterProvider = {
  ...routerProvider,
  parse: useParseWithoutListState,
};
