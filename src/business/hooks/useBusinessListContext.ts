import { createContext, useContext } from 'react';
import type { BusinessListActions } from './useBusinessListActions';
import type { BusinessListColumns } from './useBusinessListColumns';

/**
 * What the pieces of a business list share (`BusinessListProvider` gives it): the controller
 * (`useBusinessListActions`: the list, rights, row and batch actions, confirmations, export), the
 * columns (`useBusinessListColumns`), and whether the extensions' slots show (`slots`).
 */
export type BusinessListController = BusinessListActions & {
  columns: BusinessListColumns;
  /** Whether the pieces show the buttons extensions add to every list (their `slots.list`). */
  slots: boolean;
};

export const BusinessListContext = createContext<BusinessListController | undefined>(undefined);

/**
 * The business list around this component: the generic list page, or an extension's list page
 * built on `BusinessListProvider`. Throws outside one.
 */
export const useBusinessListContext = (): BusinessListController => {
  const controller = useContext(BusinessListContext);
  if (!controller) throw new Error('useBusinessListContext: no BusinessListProvider around this component');
  return controller;
};
