import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Sequence } from '../../contract';
import { SequenceFormPage } from '../../src/sequences/SequenceFormPage';
import { appProviders } from '../helpers/appProviders';
import { button } from '../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../helpers/fakeHttp';
import { currentPath, renderPage } from '../helpers/renderPage';

vi.setConfig({ testTimeout: 30_000 });

const LIST = '/dataSource/primary/metadata/sequences';
const ROUTE = 'dataSource/:dataSource/metadata/sequences';

let server: FakeHttp;
beforeEach(() => {
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
});

const input = (field: string) => document.getElementById(`sequence-${field}`) as HTMLInputElement;
const type = (label: string) =>
  fireEvent.click(screen.getByText(label, { selector: '.ant-radio-button-wrapper span' }));

describe('SequenceFormPage', () => {
  it('disables what the chosen type does not use', async () => {
    renderPage(<SequenceFormPage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    expect(input('format')).toBeEnabled();
    expect(input('nextValue')).toBeEnabled();
    type('GUID');
    for (const field of [
      'format',
      'minValue',
      'maxValue',
      'nextValue',
      'incrementBy',
      'currentTime',
      'cycle',
    ]) {
      expect(input(field)).toBeDisabled();
    }
    type('数字');
    expect(input('format')).toBeDisabled();
    expect(input('nextValue')).toBeEnabled();
    fireEvent.click(input('currentTime'));
    expect(input('nextValue')).toBeDisabled();
    expect(input('cycle')).toBeDisabled();
  });

  it('checks min ≤ next ≤ max and the step before saving', async () => {
    renderPage(<SequenceFormPage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.change(input('name'), { target: { value: 'orderNo' } });
    fireEvent.change(input('format'), { target: { value: 'SO_%09d' } });
    fireEvent.change(input('nextValue'), { target: { value: '0' } });
    fireEvent.change(input('incrementBy'), { target: { value: '0' } });
    fireEvent.click(button('保存'));
    expect(await screen.findByText('下一个值应在 1 到 999999999 之间')).toBeInTheDocument();
    expect(screen.getByText('步长应为正整数')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('creates a sequence and returns to the list', async () => {
    server.on('POST', '/metadata/sequences', { status: 201, data: 9 });
    renderPage(<SequenceFormPage />, { url: `${LIST}/new`, route: `${ROUTE}/new`, ...appProviders });
    fireEvent.change(input('name'), { target: { value: 'orderNo' } });
    fireEvent.change(input('caption'), { target: { value: '订单号' } });
    fireEvent.change(input('format'), { target: { value: 'SO_%09d' } });
    fireEvent.keyDown(input('format'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(server.sent('POST', '/metadata/sequences')[0]?.body).toEqual({
      name: 'orderNo',
      caption: '订单号',
      description: null,
      sequenceType: 'STRING',
      currentTime: false,
      format: 'SO_%09d',
      minValue: 1,
      maxValue: 999999999,
      nextValue: 1,
      incrementBy: 1,
      cycle: false,
    });
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
  });

  it('edits a stored sequence', async () => {
    const stored: Sequence = {
      id: 3,
      name: 'seq',
      caption: '序列',
      sequenceType: 'LONG',
      minValue: 1,
      maxValue: 100,
      nextValue: 5,
      incrementBy: 1,
      cycle: false,
    };
    server.on('GET', '/metadata/sequences/3', { data: stored });
    server.on('PATCH', '/metadata/sequences/3', { status: 200 });
    renderPage(<SequenceFormPage />, { url: `${LIST}/3`, route: `${ROUTE}/:id`, ...appProviders });
    expect(await screen.findByDisplayValue('seq')).toBeInTheDocument();
    fireEvent.change(input('maxValue'), { target: { value: '500' } });
    fireEvent.click(input('cycle'));
    fireEvent.click(button('保存'));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(server.sent('PATCH', '/metadata/sequences/3')[0]?.body).toMatchObject({
      sequenceType: 'LONG',
      format: null,
      maxValue: 500,
      nextValue: 5,
      cycle: true,
    });
  });
});
