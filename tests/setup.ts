import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// the app initialises i18n at boot; so do the tests
import '../src/providers/i18n-provider';
import { prefilterStyleMatching } from './helpers/selectorPrefilter';

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
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
const { getComputedStyle } = window;
const noStyle = (): CSSStyleDeclaration => document.createElement('div').style;
window.getComputedStyle = ((element: Element, pseudo?: string | null) => {
  if (pseudo) return noStyle();
  const caller = new Error().stack ?? '';
  if (caller.includes('measureScrollbarSize') || caller.includes('collectScroller')) return noStyle();
  return getComputedStyle(element);
}) as typeof window.getComputedStyle;

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

prefilterStyleMatching(window);
