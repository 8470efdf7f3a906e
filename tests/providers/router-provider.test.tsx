import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isListStateParam } from '../../src/business/lib/list-url-state';
import { appRouterProvider, withoutListState } from '../../src/providers/router-provider';

const parse = appRouterProvider.parse;

/** Shows what the app's router provider reads from the link, as JSON. */
const Probe = () => {
  if (!parse) throw new Error('the app router provider has no parse');
  const read = parse();
  return <pre data-testid="parsed">{JSON.stringify(read().params)}</pre>;
};

const parsedAt = (link: string) => {
  render(
    <MemoryRouter initialEntries={[link]}>
      <Routes>
        <Route path="/dataSource/:dataSource/business/:tableName" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
  return JSON.parse(screen.getByTestId('parsed').textContent ?? '{}') as Record<string, unknown>;
};

describe('the app router provider', () => {
  it('leaves a list’s own state out of what Refine puts in meta, and keeps the rest', () => {
    const params = parsedAt(
      '/dataSource/primary/business/customer?q=%E4%B8%8A%E6%B5%B7&page=2&size=20&sort=-name&view=recycle&f.city=%E5%8C%97%E4%BA%AC&tab=notes',
    );
    expect(params).toEqual({ dataSource: 'primary', tableName: 'customer', tab: 'notes' });
  });

  it('keeps the link’s parameters when the list has none in it', () => {
    expect(parsedAt('/dataSource/primary/business/customer?from=home')).toEqual({
      dataSource: 'primary',
      tableName: 'customer',
      from: 'home',
    });
  });
});

describe('withoutListState', () => {
  it('returns the same object when nothing is left out, and a copy without the list’s names otherwise', () => {
    const plain = { tab: 'a', pagee: '1', 'f-x': 'y' };
    expect(withoutListState(plain)).toBe(plain);
    expect(withoutListState({ page: '3', 'f.name': 'x', tab: 'a' })).toEqual({ tab: 'a' });
    expect(withoutListState(undefined)).toBeUndefined();
  });

  it('knows the list’s names: q, page, size, sort, view and f.<column>', () => {
    expect(['q', 'page', 'size', 'sort', 'view', 'f.city'].every(isListStateParam)).toBe(true);
    expect(['query', 'pages', 'filter', 'f', 'currentPage'].some(isListStateParam)).toBe(false);
  });
});
