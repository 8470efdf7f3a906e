import { message } from 'antd';

/** How code outside React (the http layer) reaches the UI: antd's message API and the router. */
export interface UiBridge {
  notifyError: (text: string) => void;
  navigate: (path: string) => void;
}

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

const fallback: UiBridge = {
  notifyError: (text) => void message.error({ content: text, key: 'http-error' }),
  navigate: (path) => window.location.assign(`${BASE}${path}`),
};

let current: UiBridge = fallback;

/** Registered by <UiBridgeRegistrar/> inside the router and antd <App>; returns the unregister. */
export const registerUiBridge = (bridge: UiBridge): (() => void) => {
  current = bridge;
  return () => {
    if (current === bridge) current = fallback;
  };
};

export const uiBridge: UiBridge = {
  notifyError: (text) => current.notifyError(text),
  navigate: (path) => current.navigate(path),
};
