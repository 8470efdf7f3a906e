import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireAccess } from '../../../src/common/components/RequireAccess';
import { createAccessControlProvider } from '@crudboard/client';
import type { UserAccess } from '../../../src/auth/lib/permission';
import { renderWithRefine } from '../../helpers/renderWithRefine';

const clerk: UserAccess = { isSuperAdmin: false, authorities: ['business:loan:read'] };
const designer: UserAccess = { isSuperAdmin: false, authorities: ['metadata:read'] };

const open = (access: UserAccess) =>
  renderWithRefine(
    <RequireAccess resource={{ name: 'tables', kind: 'metadata', action: 'list' }}>
      <p>表管理的列表</p>
    </RequireAccess>,
    { accessControlProvider: createAccessControlProvider(() => access) },
  );

describe('RequireAccess', () => {
  it('shows the no-access page, not the screen, to who may not read the metadata', async () => {
    open(clerk);
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
    expect(screen.queryByText('表管理的列表')).toBeNull();
  });

  it('shows the screen to who may', async () => {
    open(designer);
    expect(await screen.findByText('表管理的列表')).toBeInTheDocument();
    expect(screen.queryByText('抱歉，您无权访问此页面。')).toBeNull();
  });
});
