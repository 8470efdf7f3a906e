import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageSpin, SLOW_LOAD_MS } from '../../../src/common/components/PageSpin';

describe('PageSpin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a bare spinner at first, and after a few seconds says the load is slow and offers a reload', () => {
    vi.useFakeTimers();
    render(<PageSpin />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(SLOW_LOAD_MS - 1));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('仍在加载');
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
    expect(SLOW_LOAD_MS).toBeLessThanOrEqual(5000);
  });
});
