import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ValueDialogButton } from '../../src/fields/ValueDialogButton';
import { button } from '../helpers/dom';

vi.setConfig({ testTimeout: 30_000 });

const dialog = { columnId: 1, name: '选择编码', url: 'https://pick.example.com/codes?x=1' };

const post = (origin: string, data: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });

describe('ValueDialogButton', () => {
  it('opens the page in a frame and stores the value of a message from its origin on 确定', async () => {
    const onValue = vi.fn();
    render(<ValueDialogButton dialog={dialog} onValue={onValue} />);
    fireEvent.click(button('选择编码'));
    const frame = await waitFor(() => {
      const found = document.querySelector('iframe');
      if (!found) throw new Error('no frame');
      return found;
    });
    expect(frame).toHaveAttribute('src', dialog.url);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    post('https://evil.example.com', { type: 'crudboard:value', value: 'EVIL' });
    post('https://pick.example.com', { type: 'other', value: 'NO' });
    post('https://pick.example.com', { type: 'crudboard:value', value: 'C-42' });
    expect(await screen.findByText('已获取的值："C-42"')).toBeInTheDocument();
    fireEvent.click(button('确定'));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenCalledWith('C-42');
  });

  it('ignores messages from other origins and drops the value on 取消', async () => {
    const onValue = vi.fn();
    render(<ValueDialogButton dialog={dialog} onValue={onValue} />);
    fireEvent.click(button('选择编码'));
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    post('https://evil.example.com', { type: 'crudboard:value', value: 'EVIL' });
    fireEvent.click(button('确定'));
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.click(button('选择编码'));
    post('https://pick.example.com', { type: 'crudboard:value', value: 'C-1' });
    await screen.findByText('已获取的值："C-1"');
    fireEvent.click(button('取消'));
    expect(onValue).not.toHaveBeenCalled();
  });
});
