import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { Column } from '../../contract';
import { PermissionCodesInput } from '../../src/fields/PermissionCodesInput';
import { fieldTypeFor } from '../../src/fields/registry';
import { registerTables, resetRegisteredTables } from '../../src/resources/useRegisteredTables';
import { clearSession } from '../../src/store/session';
import { labelled } from '../helpers/dom';
import { renderWithRefine, testDataProvider } from '../helpers/renderWithRefine';
import { clerk, signIn, superAdmin } from '../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const column: Column = { name: 'permissions', caption: '权限', dataType: 'TEXT' };

beforeEach(() => {
  registerTables('primary', [
    { name: 'product', caption: '产品', columns: [] },
    { name: 'order', caption: '订单', columns: [] },
  ]);
});
afterEach(() => {
  resetRegisteredTables();
  clearSession();
});

const renderInput = (value: string) => {
  const onChange = vi.fn();
  renderWithRefine(<PermissionCodesInput column={column} mode="update" value={value} onChange={onChange} />);
  return onChange;
};

const box = (code: string) => labelled<HTMLInputElement>(code);
/** A fixed code's checkbox, found by its visible label. */
const fixed = (label: string) =>
  screen.getByText(label).closest('label')?.querySelector('input') as HTMLInputElement;

describe('PermissionCodesInput', () => {
  it('is the input of the permissionCodes kind', () => {
    expect(fieldTypeFor({ kind: 'permissionCodes', column }).Input).toBe(PermissionCodesInput);
    expect(fieldTypeFor({ column }).Input).not.toBe(PermissionCodesInput);
  });

  it('ticks the held codes and keeps the ones no checkbox shows', async () => {
    signIn(superAdmin);
    const onChange = renderInput('business:product:read,metadata:write,business:gone:read');
    await waitFor(() => expect(box('business:product:read')).toBeChecked());
    expect(fixed('修改元数据')).toBeChecked();
    expect(fixed('查看元数据')).not.toBeChecked();
    expect(box('business:order:read')).not.toBeChecked();
    expect(screen.getByText('business:gone:read')).toBeInTheDocument();
    expect(screen.getByText('已选 3 项')).toBeInTheDocument();

    fireEvent.click(box('business:order:delete'));
    expect(onChange).toHaveBeenLastCalledWith(
      'business:product:read,metadata:write,business:gone:read,business:order:delete',
    );
    fireEvent.click(fixed('执行 SQL'));
    expect(onChange).toHaveBeenLastCalledWith(
      'business:product:read,metadata:write,business:gone:read,sql:execute',
    );
    fireEvent.click(box('business:product:read'));
    expect(onChange).toHaveBeenLastCalledWith('metadata:write,business:gone:read');
    fireEvent.click(
      screen
        .getByText('business:gone:read')
        .closest('.ant-tag')
        ?.querySelector('.ant-tag-close-icon') as Element,
    );
    expect(onChange).toHaveBeenLastCalledWith('business:product:read,metadata:write');
  });

  it('offers a user only the codes it holds, and lets it remove others', async () => {
    signIn({
      ...clerk,
      authorities: [...clerk.authorities, { authority: 'business:order:*' }],
    });
    const onChange = renderInput('business:product:update');
    await waitFor(() => expect(box('business:product:update')).toBeChecked());
    // held by the role being edited, not by the user: may be removed, not re-added
    expect(box('business:product:update')).not.toBeDisabled();
    expect(box('business:product:delete')).toBeDisabled();
    expect(box('business:product:read')).not.toBeDisabled();
    expect(box('business:order:delete')).not.toBeDisabled();
    expect(box('business:*:read')).not.toBeDisabled();
    expect(box('business:*:*')).toBeDisabled();
    expect(fixed('查看元数据')).toBeDisabled();
    expect(fixed('上传文件')).toBeDisabled();

    // the select-all of 查看 ticks every read the user may grant
    fireEvent.click(labelled('全选 查看'));
    expect(onChange).toHaveBeenLastCalledWith(
      'business:product:update,business:*:read,business:order:read,business:product:read',
    );
    fireEvent.click(labelled('全选 删除'));
    expect(onChange).toHaveBeenLastCalledWith('business:product:update,business:order:delete');
  });

  it('offers the system codes under 系统, schedule:manage after webhook:manage, to whoever holds them', async () => {
    signIn(superAdmin);
    const onChange = renderInput('webhook:manage');
    await waitFor(() => expect(fixed('管理 Webhook')).toBeChecked());
    expect(screen.getByText('系统')).toBeInTheDocument();
    expect(fixed('查看审计日志')).not.toBeChecked();
    expect(fixed('管理定时任务')).not.toBeChecked();
    fireEvent.click(fixed('管理定时任务'));
    expect(onChange).toHaveBeenLastCalledWith('webhook:manage,schedule:manage');
  });

  it('lets only a holder of schedule:manage grant it', async () => {
    signIn({
      ...clerk,
      authorities: [
        ...clerk.authorities,
        { authority: 'schedule:manage' },
        { authority: 'business:schedule:*' },
        { authority: 'business:scheduleRun:read' },
      ],
    });
    const onChange = renderInput('');
    await waitFor(() => expect(fixed('管理定时任务')).not.toBeDisabled());
    expect(fixed('管理 Webhook')).toBeDisabled();
    fireEvent.click(fixed('管理定时任务'));
    expect(onChange).toHaveBeenLastCalledWith('schedule:manage');
  });

  it('offers flow:manage under 系统 after schedule:manage, and lets only a holder of it grant it', async () => {
    signIn(superAdmin);
    const onChange = renderInput('schedule:manage');
    await waitFor(() => expect(fixed('管理定时任务')).toBeChecked());
    const boxes = [...document.querySelectorAll('input[type="checkbox"]')];
    expect(boxes.indexOf(fixed('管理流程'))).toBe(boxes.indexOf(fixed('管理定时任务')) + 1);
    expect(fixed('管理流程')).not.toBeChecked();
    fireEvent.click(fixed('管理流程'));
    expect(onChange).toHaveBeenLastCalledWith('schedule:manage,flow:manage');
  });

  it('lets a holder of flow:manage grant it, and not the other system codes', async () => {
    signIn({
      ...clerk,
      authorities: [
        ...clerk.authorities,
        { authority: 'flow:manage' },
        { authority: 'business:flow:*' },
        { authority: 'business:flowRun:read' },
      ],
    });
    const onChange = renderInput('');
    await waitFor(() => expect(fixed('管理流程')).not.toBeDisabled());
    expect(fixed('管理定时任务')).toBeDisabled();
    fireEvent.click(fixed('管理流程'));
    expect(onChange).toHaveBeenLastCalledWith('flow:manage');
  });

  it('filters the tables by name or caption', async () => {
    signIn(superAdmin);
    renderInput('');
    await waitFor(() => box('business:order:read'));
    fireEvent.change(screen.getByPlaceholderText('筛选表'), { target: { value: '产品' } });
    await waitFor(() => expect(document.querySelector('[aria-label="business:order:read"]')).toBeNull());
    expect(box('business:product:read')).toBeInTheDocument();
    expect(box('business:*:read')).toBeInTheDocument();
  });

  it('locks the codes of the super admin’s role, which the server never changes', async () => {
    signIn(superAdmin);
    const onChange = vi.fn();
    renderWithRefine(
      <Form initialValues={{ code: 'ROLE_SUPER_ADMIN' }}>
        <Form.Item name="code" hidden>
          <input />
        </Form.Item>
        <PermissionCodesInput column={column} mode="update" value="" onChange={onChange} />
      </Form>,
    );
    expect(await screen.findByText('超级管理员角色拥有全部权限，其权限编码不能修改。')).toBeInTheDocument();
    expect(box('business:product:read')).toBeDisabled();
    expect(fixed('执行 SQL')).toBeDisabled();
  });

  it("offers the codes a server-only extension declares beside the web extensions' ones, each once", async () => {
    signIn(superAdmin);
    const custom = vi.fn(async ({ url }: { url: string }) => {
      if (url !== '/permissions/extensions') throw new Error(`unexpected call ${url}`);
      return {
        data: [
          { code: 'ext:activity:read', label: { 'zh-CN': '查看记录动态', 'en-US': 'View record activity' } },
          { code: 'ext:ledger:close', label: { 'zh-CN': '结账', 'en-US': 'Close the books' } },
        ],
      };
    });
    const onChange = vi.fn();
    renderWithRefine(
      <PermissionCodesInput column={column} mode="update" value="ext:ledger:close" onChange={onChange} />,
      { dataProvider: testDataProvider({ custom: custom as never }) },
    );
    const ledger = await screen.findByText('结账 (ext:ledger:close)');
    expect(ledger.closest('label')?.querySelector('input')).toBeChecked();
    expect(screen.getAllByText('查看记录动态 (ext:activity:read)')).toHaveLength(1);
    // a declared code is no longer listed among the unknown ones
    expect(screen.queryByText('ext:ledger:close')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('查看记录动态 (ext:activity:read)'));
    expect(onChange).toHaveBeenLastCalledWith('ext:ledger:close,ext:activity:read');
  });
});
