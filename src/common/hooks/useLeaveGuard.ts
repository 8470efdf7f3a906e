import { App } from 'antd';
import { useContext, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';

/**
 * Makes in-app navigation (push, replace, go) of a navigator wait for a decision: when `mustAsk`
 * says so, `ask` is called with the navigation to run if the user agrees; otherwise it runs at
 * once. Returns the undo. (react-router blocks navigation only in data routers; the app uses a
 * BrowserRouter.)
 */
export const guardNavigator = (
  navigator: Navigator,
  mustAsk: () => boolean,
  ask: (leave: () => void) => void,
): (() => void) => {
  const target = navigator;
  const { push, replace, go } = target;
  const guarded =
    <A extends unknown[]>(original: (...args: A) => void) =>
    (...args: A) => {
      if (mustAsk()) ask(() => original(...args));
      else original(...args);
    };
  target.push = guarded(push);
  target.replace = guarded(replace);
  target.go = guarded(go);
  return () => {
    target.push = push;
    target.replace = replace;
    target.go = go;
  };
};

/**
 * Asks before leaving a page with unsaved changes: in-app navigation waits for the app's own
 * confirmation (an antd modal: 离开 / 留下), and closing or reloading the tab gets the browser's
 * warning. `dirty` is read at the moment of leaving, so a page that has just saved (and cleared
 * it) leaves freely. One question at a time: a second navigation while it is open is dropped.
 */
export const useLeaveGuard = (dirty: RefObject<boolean>, message: string): void => {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const asking = useRef(false);

  useEffect(() => {
    const undo = guardNavigator(
      navigator,
      () => Boolean(dirty.current),
      (leave) => {
        if (asking.current) return;
        asking.current = true;
        modal.confirm({
          title: t('leaveGuard.title'),
          content: message,
          okText: t('leaveGuard.leave'),
          okButtonProps: { danger: true },
          cancelText: t('leaveGuard.stay'),
          onOk: () => {
            asking.current = false;
            leave();
          },
          onCancel: () => {
            asking.current = false;
          },
        });
      },
    );
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
  }, [navigator, dirty, message, modal, t]);
};
