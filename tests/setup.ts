import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { prefilterStyleMatching } from './helpers/selectorPrefilter';

// The test files share one window and one module graph per worker (`isolate: false`): making a
// jsdom and importing antd, React and Refine again for each file was half of the suite's time.
// What a file could leave to the next is reset here, before each file:
// - the app's own modules (and Refine and React Router, which are bundled with them, not imported
//   as packages): evaluated anew, so each file starts with fresh module-level stores (registered
//   tables, cached lookups, the HTTP client, the i18n instance and its texts, the extension
//   registry) and its own `vi.mock`s apply. antd, React, dayjs and the other packages stay loaded;
//   the app sets what it needs of them when its modules run again (dayjs's locale, react-i18next's
//   instance);
// - the address, back to the start page;
// - below, after each file: real timers.
vi.resetModules();
window.history.replaceState(null, '', '/');
// the app initialises i18n at boot; so do the tests
await import('../src/providers/i18n-provider');

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
});

// antd's responsive helpers (Grid, Table) read matchMedia, including the listener API.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
Object.defineProperty(globalThis, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});

// jsdom computes a style by matching the element and its ancestors against every rule of every
// sheet, and antd injects thousands of rules: a call costs milliseconds. Two kinds of call need none
// of that:
// - a pseudo-element's style, which jsdom does not implement (it would throw): it has no styles here;
// - rc-util measuring the scrollbar (rc-table does on every render), which reads an element's
//   scrollbar colour and width: jsdom lays nothing out, so the scrollbar measures 0 whatever they are;
// - a popup (select, dropdown, tooltip) collecting its scrolling ancestors to follow them: nothing
//   scrolls or is placed here, so it follows none.
// Every other call gets jsdom's real answer (display, visibility: what visibility checks read).
// (jsdom's own, kept once: the window outlives this file)
const getComputedStyle = ((
  window as { jsdomGetComputedStyle?: typeof window.getComputedStyle }
).jsdomGetComputedStyle ??= window.getComputedStyle);
const noStyle = (): CSSStyleDeclaration => document.createElement('div').style;
window.getComputedStyle = ((element: Element, pseudo?: string | null) => {
  if (pseudo) return noStyle();
  const caller = new Error().stack ?? '';
  if (caller.includes('measureScrollbarSize') || caller.includes('collectScroller')) return noStyle();
  return getComputedStyle(element);
}) as typeof window.getComputedStyle;

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

prefilterStyleMatching(window);

// antd injects its styles through rc-util, which looks for its style tags on every mount by
// `Array.from(document.head.children)`. jsdom looks up any name that is not an index ('length'
// included) in an HTMLCollection by scanning the collection for an element of that id or name, and
// the array iterator reads 'length' at each step: the look-up is quadratic in the number of style
// tags (hundreds here). The head's children come as a plain array of the same elements instead.
if (!Object.getOwnPropertyDescriptor(document.head, 'children')) {
  Object.defineProperty(document.head, 'children', {
    configurable: true,
    get(this: HTMLHeadElement) {
      const children: Element[] = [];
      for (let child = this.firstElementChild; child; child = child.nextElementSibling) children.push(child);
      return children;
    },
  });
}
