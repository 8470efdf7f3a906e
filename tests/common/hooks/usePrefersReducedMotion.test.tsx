import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AppThemeProvider } from '../../../src/common/components/AppThemeProvider';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * A matchMedia that answers the reduced-motion query as told and any other query with no match
 * (antd's responsive helpers ask for screen widths), and lets the test change the answer.
 */
const fakeMatchMedia = (reduce: boolean) => {
  const listeners = new Set<() => void>();
  const answer = { reduce };
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const reduced = query === QUERY;
    return {
      get matches() {
        return reduced && answer.reduce;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (type: string, listener: () => void) => {
        if (type !== 'change') throw new Error(`unexpected listener for ${type}`);
        if (reduced) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => {
        throw new Error('not expected');
      },
    } as unknown as MediaQueryList;
  };
  return {
    change(next: boolean) {
      answer.reduce = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
    restore: () => (window.matchMedia = original),
  };
};

const Motion = () => {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
};

let media: ReturnType<typeof fakeMatchMedia> | undefined;
afterEach(() => media?.restore());

describe('reduced motion', () => {
  it('animates for a user who did not ask for less motion', () => {
    media = fakeMatchMedia(false);
    render(
      <AppThemeProvider>
        <Motion />
      </AppThemeProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('turns antd’s animations off while the system asks for reduced motion, and on again', () => {
    media = fakeMatchMedia(true);
    const { unmount } = render(
      <AppThemeProvider>
        <Motion />
      </AppThemeProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => media?.change(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
    act(() => media?.change(true));
    expect(screen.getByTestId('motion').textContent).toBe('false');
    unmount();
    expect(media.listening()).toBe(0);
  });
});
