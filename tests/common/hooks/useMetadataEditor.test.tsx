import type { CreateParams, UpdateParams } from '@refinedev/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { Sequence } from '../../../contract';
import {
  useMetadataEditor,
  type MetadataEditorRules,
  type MetadataFormScreen,
} from '../../../src/common/hooks/useMetadataEditor';
import type { Issues } from '../../../src/common/lib/name-rules';
import { currentPath } from '../../helpers/renderPage';
import { refineWrapper, testDataProvider } from '../../helpers/renderWithRefine';

interface Draft {
  name: string;
  caption: string;
}

const SCREEN: MetadataFormScreen = {
  resource: 'sequences',
  titles: { create: 'screens.sequenceNew', edit: 'screens.sequenceEdit', list: 'screens.sequences' },
  listPath: (dataSource) => `/dataSource/${dataSource}/metadata/sequences`,
};
const RULES: MetadataEditorRules<Sequence, Draft> = {
  newDraft: () => ({ name: '', caption: '' }),
  toDraft: (stored) => ({ name: stored.name, caption: stored.caption ?? '' }),
  validate: (draft): Issues => (draft.name ? {} : { name: { key: 'required' } }),
  toPayload: (draft) => ({ name: draft.name, caption: draft.caption }),
  // the server names `caption` `label`
  serverErrors: (errors) =>
    Object.fromEntries(
      Object.entries(errors ?? {}).map(([path, text]) => [path.replace('label', 'caption'), text]),
    ),
  noticeKey: 'probe',
};
const LIST = '/dataSource/primary/metadata/sequences';

const renderEditor = (
  stored: Sequence | undefined,
  metadata: { create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> },
) => {
  window.history.replaceState({}, '', `${LIST}/new`);
  const provider = testDataProvider(metadata as object);
  return renderHook(() => useMetadataEditor(SCREEN, stored, RULES), {
    wrapper: refineWrapper({ dataProvider: { default: testDataProvider(), metadata: provider } }),
  });
};

describe('useMetadataEditor', () => {
  it('shows a missing field only once a save was tried, and sends nothing while it is missing', () => {
    const create = vi.fn();
    const { result } = renderEditor(undefined, { create });
    expect(result.current.isNew).toBe(true);
    expect(result.current.errors).toEqual({});
    act(() => result.current.submit());
    expect(result.current.errors).toEqual({ name: '必填' });
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a new record and returns to the list', async () => {
    const create = vi.fn(async (_: CreateParams) => ({ data: { id: 4 } }));
    const { result } = renderEditor(undefined, { create });
    act(() => result.current.change({ name: 'orderNo' }));
    act(() => result.current.submit());
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      resource: 'sequences',
      variables: { name: 'orderNo', caption: '' },
    });
  });

  it("keeps a refused change with the server's errors on its fields; an edited field forgets its own", async () => {
    const update = vi.fn(async (_: UpdateParams) => {
      throw { statusCode: 400, message: '参数错误', errors: { label: '太长', other: '未知' } };
    });
    const { result } = renderEditor(
      { id: 4, name: 'orderNo', caption: '订单号', sequenceType: 'LONG' },
      { update },
    );
    expect(result.current.draft).toEqual({ name: 'orderNo', caption: '订单号' });
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.serverErrors).toEqual({ caption: '太长', other: '未知' }));
    expect(update.mock.calls[0]?.[0]).toMatchObject({ id: 4, variables: { name: 'orderNo' } });
    expect(result.current.saving).toBe(false);
    act(() => result.current.change({ caption: '单号' }));
    expect(result.current.errors).toEqual({ other: '未知' });
    expect(currentPath()).toBe(`${LIST}/new`);
  });
});
