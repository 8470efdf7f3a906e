import { waitFor } from '@testing-library/react';
import { UserNameInput } from '../../src/fields/UserNameInput';
import { userIdOf } from '../../src/fields/user-id';
import { UserNamesContext, userNamesOf } from '../../src/fields/UserNamesContext';
import { renderWithRefine, testDataProvider } from '../helpers/renderWithRefine';

const column = { name: 'createById', dataType: 'BIGINT' as const };

describe('userIdOf', () => {
  it('reads a numeric or text id, nothing for blanks', () => {
    expect(userIdOf(7)).toBe('7');
    expect(userIdOf(' 12 ')).toBe('12');
    expect(userIdOf('')).toBeUndefined();
    expect(userIdOf(null)).toBeUndefined();
    expect(userIdOf(Number.NaN)).toBeUndefined();
  });
});

describe('UserNameInput', () => {
  it('shows the user by name, read-only', async () => {
    const getMany = vi.fn(async ({ ids }: { ids: unknown[] }) => {
      expect(ids).toEqual(['7']);
      return { data: [{ id: 7, username: 'li', realname: '李雷' }] };
    });
    const { container } = renderWithRefine(<UserNameInput column={column} mode="update" value={7} />, {
      dataProvider: testDataProvider({ getMany: getMany as never }),
    });
    const input = container.querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('李雷'));
    expect(input).toBeDisabled();
    expect(getMany).toHaveBeenCalledTimes(1);
  });

  it('falls back to the id when the user cannot be read', async () => {
    const getMany = vi.fn(async () => {
      throw Object.assign(new Error('forbidden'), { statusCode: 403 });
    });
    const { container } = renderWithRefine(<UserNameInput column={column} mode="update" value="9" />, {
      dataProvider: testDataProvider({ getMany: getMany as never }),
    });
    await waitFor(() => expect(getMany).toHaveBeenCalled());
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('9');
  });

  it('shows the name the server sent with the record, and then asks for no user', async () => {
    const getMany = vi.fn(async () => {
      throw new Error('not expected: the record named its users');
    });
    const { container } = renderWithRefine(
      <UserNamesContext value={userNamesOf({ createById: 9, $userNames: { '9': '文员小王' } })}>
        <UserNameInput column={column} mode="update" value={9} />
      </UserNamesContext>,
      { dataProvider: testDataProvider({ getMany: getMany as never }) },
    );
    const input = container.querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('文员小王'));
    expect(getMany).not.toHaveBeenCalled();
  });

  it('asks nothing for an empty value', () => {
    const { container } = renderWithRefine(<UserNameInput column={column} mode="update" />, {
      dataProvider: testDataProvider(),
    });
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('');
  });
});
