import { useContext, useEffect, type RefObject } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';

/**
 * Makes in-app navigation (push, replace, go) of a navigator wait for `mayLeave`; returns the undo.
 * (react-router blocks navigation only in data routers; the app uses a BrowserRouter.)
 */
export const guardNavigator = (navigator: Navigator, mayLeave: () => boolean): (() => void) => {
  const target = navigator;
  const { push, replace, go } = target;
  target.push = (...args: Parameters<typeof push>) => {
    if (mayLeave()) push(...args);
  };
  target.replace = (...args: Parameters<typeof replace>) => {
    if (mayLeave()) replace(...args);
  };
  target.go = (...args: Parameters<typeof go>) => {
    if (mayLeave()) go(...args);
  };
  return () => {
    target.push = push;
    target.replace = replace;
    target.go = go;
  };
};

/**
 * Asks before leaving a page with unsaved changes: in-app navigation waits for a confirmation, and
 * closing or reloading the tab gets the browser's own warning. `dirty` is read at the moment of
 * leaving, so a page that has just saved (and cleared it) leaves freely.
 */
export const useLeaveGuard = (dirty: RefObject<boolean>, message: string): void => {
  const { navigator } = useContext(UNSAFE_NavigationContext);

  useEffect(() => {
    const undo = guardNavigator(navigator, () => !dirty.current || window.confirm(message));
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      undo();
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [navigator, dirty, message]);
};
