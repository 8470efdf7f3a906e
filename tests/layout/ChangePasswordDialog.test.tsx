import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../src/layout/ChangePasswordDialog';
import { renderWithRefine, testDataProvider } from '../helpers/renderWithRefine';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ChangePasswordDialog', () => {
  it('sends the old and new password through the data provider and closes', async () => {
    const custom = vi.fn(async () => ({ data: null as never }));
    const onClose = vi.fn();
    renderWithRefine(<ChangePasswordDialog open onClose={onClose} />, {
      dataProvider: testDataProvider({ custom }),
    });
    fill('原密码', 'Old-pass-1');
    fill('新密码', 'New-pass-22');
    fill('确认新密码', 'New-pass-22');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/api/users/me/password',
        method: 'patch',
        payload: { oldPassword: 'Old-pass-1', password: 'New-pass-22' },
      }),
    );
  });

  it('refuses differing new passwords without a request, and shows a wrong old password on its field', async () => {
    const custom = vi.fn(async () => {
      throw { message: '请求参数不正确', statusCode: 400, errors: { oldPassword: '原密码不正确' } };
    });
    const onClose = vi.fn();
    renderWithRefine(<ChangePasswordDialog open onClose={onClose} />, {
      dataProvider: testDataProvider({ custom }),
    });
    fill('原密码', 'wrong');
    fill('新密码', 'New-pass-22');
    fill('确认新密码', 'Other-pass-3');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(custom).not.toHaveBeenCalled();
    fill('确认新密码', 'New-pass-22');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('原密码不正确')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
