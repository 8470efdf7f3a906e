import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaginationBar } from '../../../src/common/components/PaginationBar';
import { changeLocale } from '../../../src/providers/i18n-provider';

const renderBar = (props: { page: number; rowsPerPage: number; count: number }) => {
  const onChange = vi.fn();
  render(<PaginationBar {...props} onChange={onChange} />);
  return { onChange, nav: () => screen.getByRole('navigation', { name: 'pagination' }) };
};

const pageButtons = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .filter((b) => /^\d+$/.test(b.textContent ?? ''))
    .map((b) => Number(b.textContent));

describe('PaginationBar (docs/product.md §2, §9)', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await changeLocale('zh-CN');
  });

  it('shows the total line exactly', () => {
    renderBar({ page: 2, rowsPerPage: 10, count: 95 });
    expect(screen.getByText('共 95 条记录 第 2 / 10 页')).toBeInTheDocument();
  });

  it('shows the total line in English', async () => {
    await changeLocale('en-US');
    renderBar({ page: 1, rowsPerPage: 20, count: 45 });
    expect(screen.getByText('45 records, page 1 of 3')).toBeInTheDocument();
  });

  it('shows at most 10 page buttons, around the current page', () => {
    const { nav } = renderBar({ page: 20, rowsPerPage: 5, count: 500 });
    expect(pageButtons(nav())).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(within(nav()).getByRole('button', { name: '20' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves with the page, first, previous, next and last buttons', async () => {
    const user = userEvent.setup({ delay: null });
    const { nav, onChange } = renderBar({ page: 3, rowsPerPage: 10, count: 95 });
    for (const name of ['7', '首页', '上一页', '下一页', '末页']) {
      await user.click(within(nav()).getByRole('button', { name }));
    }
    expect(onChange.mock.calls).toEqual([
      [7, 10],
      [1, 10],
      [2, 10],
      [4, 10],
      [10, 10],
    ]);
  });

  it('disables the backward buttons on the first page and the forward ones on the last', () => {
    const { nav } = renderBar({ page: 1, rowsPerPage: 10, count: 10 });
    for (const name of ['首页', '上一页', '下一页', '末页']) {
      expect(within(nav()).getByRole('button', { name })).toBeDisabled();
    }
  });

  it('offers the page sizes 5/10/15/20/30/50/100 and keeps the first row in view on change', async () => {
    const { onChange } = renderBar({ page: 3, rowsPerPage: 10, count: 95 });
    const select = screen.getByRole('combobox', { name: '每页条数' });
    fireEvent.mouseDown(select);
    await screen.findByTitle('100 条/页');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '15', '20', '30', '50', '100'].map((n) => `${n} 条/页`));
    fireEvent.click(screen.getByTitle('20 条/页'));
    expect(onChange).toHaveBeenCalledWith(2, 20);
  });

  it('shows the invalid rowsPerPage error for a size that is not an option', () => {
    renderBar({ page: 1, rowsPerPage: 12, count: 95 });
    expect(screen.getByRole('alert')).toHaveTextContent('每页条数无效');
    expect(screen.queryByText(/共 95 条记录/)).not.toBeInTheDocument();
  });

  it('jumps on Enter, clamping to the last page and rejecting non-numbers', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChange } = renderBar({ page: 1, rowsPerPage: 10, count: 95 });
    const input = screen.getByRole('textbox', { name: '跳至' });
    await user.type(input, '4{Enter}');
    await user.type(input, '99{Enter}');
    expect(onChange.mock.calls).toEqual([
      [4, 10],
      [10, 10],
    ]);
    await user.type(input, 'x{Enter}');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(
      input.closest('.ant-input-status-error, .ant-input-affix-wrapper-status-error') ?? input,
    ).toHaveClass(/status-error/);
  });

  it('says a lower bound with +, counts exactly on asking, and reaches the last page through the exact count', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const onCountExactly = vi.fn();
    const bar = (props: { count: number; countExact: boolean; page?: number }) => (
      <PaginationBar
        page={props.page ?? 1}
        rowsPerPage={10}
        count={props.count}
        countExact={props.countExact}
        onCountExactly={onCountExactly}
        onChange={onChange}
      />
    );
    const { rerender } = render(bar({ count: 10000, countExact: false }));
    const nav = () => screen.getByRole('navigation', { name: 'pagination' });
    expect(within(nav()).getByText('共 10,000+ 条记录 第 1 页')).toBeInTheDocument();
    await user.click(within(nav()).getByRole('button', { name: '精确计数' }));
    expect(onCountExactly).toHaveBeenCalledTimes(1);
    // 末页 of a lower bound: counts exactly first, and goes to the last page once it is known
    await user.click(within(nav()).getByRole('button', { name: '末页' }));
    expect(onCountExactly).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
    rerender(bar({ count: 123_456, countExact: true }));
    expect(onChange).toHaveBeenCalledWith(12346, 10);
    expect(within(nav()).getByText('共 123456 条记录 第 1 / 12346 页')).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: '精确计数' })).toBeNull();
  });

  it('lets the next page past a lower bound be asked, in English too', async () => {
    await changeLocale('en-US');
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(
      <PaginationBar
        page={1000}
        rowsPerPage={10}
        count={10000}
        countExact={false}
        onCountExactly={vi.fn()}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('10,000+ records, page 1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(1001, 10);
    expect(screen.getByRole('button', { name: 'Count exactly' })).toBeEnabled();
  });
});
