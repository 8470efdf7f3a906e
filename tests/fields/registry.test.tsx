import { fireEvent, render, waitFor } from '@testing-library/react';
import { DATA_TYPES, UnknownDataTypeError, type Column, type DataType } from '../../contract';
import { AttachmentInput } from '../../src/fields/AttachmentInput';
import { BoolInput } from '../../src/fields/BoolInput';
import { NumberInput } from '../../src/fields/NumberInput';
import { PasswordInput } from '../../src/fields/PasswordInput';
import { CHOICE_FIELD, FIELD_TYPES, fieldTypeFor, fieldTypeOf } from '../../src/fields/registry';
import { ChoiceInput } from '../../src/fields/ChoiceInput';
import { TemporalInput } from '../../src/fields/TemporalInput';
import { TextAreaInput } from '../../src/fields/TextAreaInput';
import { TextInput } from '../../src/fields/TextInput';
import { appClient } from '../../src/providers/app-client';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { renderWithRefine } from '../helpers/renderWithRefine';
import { signIn, superAdmin } from '../helpers/session';

const { dataProviders } = appClient();

vi.setConfig({ testTimeout: 30_000 });

const column = (dataType: DataType, extra: Partial<Column> = {}): Column => ({
  name: 'f',
  dataType,
  ...extra,
});

describe('FIELD_TYPES', () => {
  it.each<[DataType, unknown]>([
    ['CHAR', TextInput],
    ['VARCHAR', TextInput],
    ['TEXT', TextAreaInput],
    ['LONGTEXT', TextAreaInput],
    ['TINYINT', NumberInput],
    ['SMALLINT', NumberInput],
    ['MEDIUMINT', NumberInput],
    ['INT', NumberInput],
    ['BIGINT', NumberInput],
    ['FLOAT', NumberInput],
    ['DOUBLE', NumberInput],
    ['DECIMAL', NumberInput],
    ['DATE', TemporalInput],
    ['TIME', TemporalInput],
    ['DATETIME', TemporalInput],
    ['BOOL', BoolInput],
    ['ATTACHMENT', AttachmentInput],
    ['PASSWORD', PasswordInput],
  ])('%s', (dataType, Input) => {
    expect(FIELD_TYPES[dataType].Input).toBe(Input);
  });

  it('covers every data type, and refuses an unknown one instead of editing it as text', () => {
    expect(Object.keys(FIELD_TYPES).sort()).toEqual([...DATA_TYPES].sort());
    expect(fieldTypeOf('VARCHAR').Input).toBe(TextInput);
    expect(() => fieldTypeOf('JSON')).toThrow('Unknown data type: JSON');
    expect(() => fieldTypeOf('toString')).toThrow(UnknownDataTypeError);
  });
});

describe('fieldTypeFor', () => {
  it('gives a column with options the choice dropdown, whatever its text type', () => {
    const options = [{ value: 'a' }];
    expect(fieldTypeFor({ column: column('VARCHAR', { options }) })).toBe(CHOICE_FIELD);
    expect(fieldTypeFor({ column: column('TEXT', { options }) }).Input).toBe(ChoiceInput);
    expect(fieldTypeFor({ column: column('VARCHAR', { options: [] }) }).Input).toBe(TextInput);
    expect(fieldTypeFor({ column: column('VARCHAR', { options: null }) }).Input).toBe(TextInput);
  });
});

describe('inputs', () => {
  it('text keeps to the column length', () => {
    const { container } = render(<TextInput column={column('VARCHAR', { length: 5 })} mode="create" />);
    expect(container.querySelector('input')).toHaveAttribute('maxlength', '5');
  });

  it('a time shows the full HH:mm:ss', () => {
    const { container } = render(<TemporalInput column={column('TIME')} mode="update" value="08:05" />);
    expect(container.querySelector('input')).toHaveValue('08:05:00');
  });

  it('an empty date-time asks for a date and a time, a date for a date', () => {
    const { container } = render(<TemporalInput column={column('DATETIME')} mode="create" />);
    expect(container.querySelector('input')).toHaveAttribute('placeholder', '请选择日期和时间');
    const date = render(<TemporalInput column={column('DATE')} mode="create" />);
    expect(date.container.querySelector('input')).not.toHaveAttribute('placeholder', '请选择日期和时间');
  });

  it('a date-time shows YYYY-MM-DD HH:mm:ss', () => {
    const { container } = render(
      <TemporalInput column={column('DATETIME')} mode="update" value="2026-11-02 09:30:05" />,
    );
    expect(container.querySelector('input')).toHaveValue('2026-11-02 09:30:05');
  });

  it('BIGINT keeps every digit', () => {
    const onChange = vi.fn();
    const { container } = render(<NumberInput column={column('BIGINT')} mode="create" onChange={onChange} />);
    fireEvent.change(container.querySelector('input') as HTMLInputElement, {
      target: { value: '9223372036854775807' },
    });
    expect(onChange).toHaveBeenLastCalledWith('9223372036854775807');
  });

  it('a number keeps what was typed, even when it is no number (the field rule says why)', () => {
    const onChange = vi.fn();
    const { container } = render(<NumberInput column={column('INT')} mode="create" onChange={onChange} />);
    fireEvent.change(container.querySelector('input') as HTMLInputElement, { target: { value: '1.5' } });
    expect(onChange).toHaveBeenLastCalledWith('1.5');
    const typed = render(
      <NumberInput column={column('INT')} mode="create" value="abc" onChange={onChange} />,
    );
    const box = typed.container.querySelector('input') as HTMLInputElement;
    expect(box).toHaveValue('abc');
    fireEvent.change(box, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('a password can be shown and hidden', () => {
    const { container } = render(<PasswordInput column={column('PASSWORD')} mode="create" value="pw" />);
    const input = container.querySelector('input') as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(container.querySelector('.ant-input-password-icon') as HTMLElement);
    expect(input).toHaveAttribute('type', 'text');
  });
});

describe('AttachmentInput', () => {
  let server: FakeHttp;
  beforeEach(() => {
    signIn(superAdmin);
    server = installFakeHttp();
  });
  afterEach(() => {
    expect(server.unexpected).toEqual([]);
    server.restore();
  });

  const choose = (container: HTMLElement, file: File) =>
    fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });

  it('uploads a chosen file at once and shows it by name with replace and remove', async () => {
    server.on('POST', '/file', {
      status: 201,
      data: { url: '/download/files/0a1b.pdf', name: 'a.pdf', size: 3 },
    });
    const onChange = vi.fn();
    // Uploads go through the app's data provider (its `custom` method) over the fake http.
    const { container, getByText, queryByRole, rerender } = renderWithRefine(
      <AttachmentInput column={column('ATTACHMENT')} mode="create" onChange={onChange} />,
      { dataProvider: dataProviders },
    );
    expect(queryByRole('button', { name: /上\s*传/ })).toBeNull();
    choose(container, new File(['abc'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/download/files/0a1b.pdf'));
    const sent = server.sent('POST', '/file')[0]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('a.pdf');
    // the form passes the new value back
    rerender(
      <AttachmentInput
        column={column('ATTACHMENT')}
        mode="create"
        value="/download/files/0a1b.pdf"
        onChange={onChange}
      />,
    );
    expect(getByText('a.pdf').closest('a')).toHaveAttribute('href', '/download/files/0a1b.pdf');
    expect(container.querySelector('img')).toBeNull();
    expect(getByText('替换')).toBeInTheDocument();
    fireEvent.click(getByText('移除'));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a stored picture as a thumbnail next to its name', () => {
    const { container, getByText } = renderWithRefine(
      <AttachmentInput column={column('ATTACHMENT')} mode="update" value="/download/files/ff.png" />,
      { dataProvider: dataProviders },
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/download/files/ff.png');
    expect(getByText('ff.png').closest('a')).toHaveAttribute('href', '/download/files/ff.png');
  });

  it('names a stored file by the name it was uploaded under, not by its stored name', async () => {
    const stored = `${'3f'.repeat(16)}.pdf`;
    server.on('GET', `/file/stored/${stored}`, {
      data: { name: '借阅合同 2026.pdf', size: 9, url: `/download/files/${stored}` },
    });
    const { findByText } = renderWithRefine(
      <AttachmentInput column={column('ATTACHMENT')} mode="update" value={`/download/files/${stored}`} />,
      { dataProvider: dataProviders },
    );
    expect((await findByText('借阅合同 2026.pdf')).closest('a')).toHaveAttribute(
      'href',
      `/download/files/${stored}`,
    );
    expect(server.sent('GET', `/file/stored/${stored}`)).toHaveLength(1);
  });

  it('a failed upload says why and keeps the previous value', async () => {
    server.on('POST', '/file', { status: 413, data: { code: 'PAYLOAD_TOO_LARGE', message: '文件太大' } });
    const onChange = vi.fn();
    const { container, findByRole, getByText } = renderWithRefine(
      <AttachmentInput
        column={column('ATTACHMENT')}
        mode="update"
        value="/download/files/old.pdf"
        onChange={onChange}
      />,
      { dataProvider: dataProviders },
    );
    choose(container, new File(['abc'], 'big.bin'));
    expect(await findByRole('alert')).toHaveTextContent('big.bin 上传失败：文件太大原文件保持不变。');
    expect(onChange).not.toHaveBeenCalled();
    expect(getByText('old.pdf').closest('a')).toHaveAttribute('href', '/download/files/old.pdf');
  });

  it('a read-only attachment offers no upload', () => {
    const { container, getByText } = renderWithRefine(
      <AttachmentInput column={column('ATTACHMENT')} mode="update" disabled />,
      { dataProvider: dataProviders },
    );
    expect(container.querySelector('input[type="file"]')).toBeNull();
    expect(getByText('无文件')).toBeInTheDocument();
  });
});
