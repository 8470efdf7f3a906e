import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary } from '../../../src/errors/ChunkErrorBoundary';
import { lazyPage } from '../../../src/common/components/lazyPage';

describe('lazyPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders the page once its chunk has loaded', async () => {
    const Page = lazyPage(async () => () => <p>已加载</p>);
    render(
      <ChunkErrorBoundary>
        <Page />
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByText('已加载')).toBeInTheDocument();
  });

  it('shows the retry screen when the chunk fails to load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage<object>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <ChunkErrorBoundary>
        <Page />
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('shows the render error screen for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <ChunkErrorBoundary>
        <Broken />
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
  });
});
