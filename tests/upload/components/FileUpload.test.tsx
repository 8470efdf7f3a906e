import { fireEvent, waitFor } from '@testing-library/react';
import { FileUpload } from '../../../src/upload/components/FileUpload';
import { appClient } from '../../../src/providers/app-client';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { renderWithRefine } from '../../helpers/renderWithRefine';
import { signIn, superAdmin } from '../../helpers/session';

const { dataProviders } = appClient();

vi.setConfig({ testTimeout: 30_000 });

const renderUpload = (onUploaded = vi.fn()) => {
  // The app's data providers over the fake http: uploads go through the provider's `custom`.
  const view = renderWithRefine(<FileUpload onUploaded={onUploaded} />, { dataProvider: dataProviders });
  const choose = (file: File) =>
    fireEvent.change(view.container.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
  const upload = () => fireEvent.click(view.getByRole('button', { name: /上\s*传/ }));
  return { ...view, choose, upload, onUploaded };
};

describe('FileUpload', () => {
  let server: FakeHttp;
  beforeEach(() => {
    signIn(superAdmin);
    server = installFakeHttp();
  });
  afterEach(() => {
    expect(server.unexpected).toEqual([]);
    server.restore();
  });

  it('warns 请选择文件！ when uploading with no file and sends nothing', async () => {
    const { upload, findByText, onUploaded } = renderUpload();
    upload();
    expect(await findByText('请选择文件！')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('uploads a small file in one request and reports its url', async () => {
    server.on('POST', '/file', { status: 201, data: { url: '/download/a.txt', name: 'a.txt', size: 3 } });
    const { choose, upload, findByText, onUploaded } = renderUpload();
    choose(new File(['abc'], 'a.txt'));
    await findByText('a.txt');
    upload();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('/download/a.txt', 'a.txt'));
    expect(await findByText('a.txt 上传完成')).toBeInTheDocument();
    expect(((server.sent('POST', '/file')[0]?.body as FormData).get('file') as File).name).toBe('a.txt');
  });

  it('a failed upload hides the loading and is only logged', async () => {
    server.on('POST', '/file', { status: 500, data: { message: 'boom' } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { choose, upload, findByText, queryByRole, onUploaded } = renderUpload();
    choose(new File(['abc'], 'a.txt'));
    await findByText('a.txt');
    upload();
    await waitFor(() => expect(log).toHaveBeenCalledWith('crudboard: upload failed', expect.anything()));
    expect(queryByRole('status')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
