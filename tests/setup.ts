import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// the app initialises i18n at boot; so do the tests
import '../src/providers/i18n-provider';

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

// jsdom does not implement getComputedStyle(element, pseudoElement); rc-table and antd ask for it.
const { getComputedStyle } = window;
window.getComputedStyle = ((element: Element, pseudo?: string | null) =>
  getComputedStyle(element, pseudo ? undefined : pseudo)) as typeof window.getComputedStyle;

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
