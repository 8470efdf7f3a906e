import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomParams } from '@refinedev/core';
import type { TableSchemaState } from '../../../contract';
import { SchemaStateAlert } from '../../../src/designer/components/SchemaStateAlert';
import { renderWithRefine, testDataProvider } from '../../helpers/renderWithRefine';

const IN_STEP: TableSchemaState = {
  inStep: true,
  unfinishedChange: false,
  missingColumns: [],
  extraColumns: [],
};
const HALF_CHANGED: TableSchemaState = {
  inStep: false,
  unfinishedChange: true,
  missingColumns: ['note'],
  extraColumns: ['cb_del_1234abcd_ledger_note'],
};

/** A metadata provider answering the schema-state calls; the repair brings the table in step. */
const providerWith = (initial: TableSchemaState) => {
  let state = initial;
  const custom = vi.fn(async ({ url, method }: CustomParams) => {
    if (url === '/metadata/tables/7/schema-state' && method === 'get') return { data: state as never };
    if (url === '/metadata/tables/7/schema-repair' && method === 'post') {
      state = IN_STEP;
      return { data: state as never };
    }
    throw new Error(`unexpected call ${method} ${url}`);
  });
  const provider = testDataProvider({ custom });
  return { custom, dataProvider: { default: provider, metadata: provider } };
};

describe('SchemaStateAlert', () => {
  it('says a table is out of step with its design, and repairs it', async () => {
    const { custom, dataProvider } = providerWith(HALF_CHANGED);
    const { container } = renderWithRefine(<SchemaStateAlert tableId={7} tableName="ledger" />, {
      dataProvider,
    });
    expect(await screen.findByText('数据库表 ledger 与它的设计不一致')).toBeInTheDocument();
    expect(screen.getByText(/一次设计修改没有完成/)).toBeInTheDocument();
    expect(screen.getByText('设计中有、表中缺少的字段：note')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /修\s*复/ }));
    expect(await screen.findByText('表已与设计一致')).toBeInTheDocument();
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/metadata/tables/7/schema-repair', method: 'post' }),
    );
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('shows nothing while the table agrees with its design', async () => {
    const { custom, dataProvider } = providerWith(IN_STEP);
    const { container } = renderWithRefine(<SchemaStateAlert tableId={7} tableName="ledger" />, {
      dataProvider,
    });
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    expect(container.textContent).toBe('');
  });
});
