import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useSqlConsole } from '../../../src/sql/hooks/useSqlConsole';
import type { SqlResult } from '../../../src/sql/lib/sql-types';
import { dataSourcesLoader } from '../../../src/store/useCurrentDataSource';
import { appProviders } from '../../helpers/appProviders';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { refineWrapper } from '../../helpers/renderWithRefine';
import { signIn, superAdmin } from '../../helpers/session';

const RESULT: SqlResult = {
  columns: [{ name: 'n', type: 'INTEGER' }],
  rows: [[1]],
  rowCount: 1,
  truncated: false,
  elapsedMs: 3,
};

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  dataSourcesLoader.prime([
    { name: 'primary', caption: '主数据源', database: 'main', client: 'sqlite' },
    { name: 'chinook', caption: 'Chinook', database: 'chinook', client: 'sqlite' },
  ]);
  server = installFakeHttp();
  server.on('GET', '/metadata/tables', { data: [] });
  server.on('GET', '/business/sqlQuery', { data: [] });
});
afterEach(() => {
  // Unmount first: forgetting the data sources would otherwise re-render the mounted hook.
  cleanup();
  expect(server.unexpected).toEqual([]);
  server.restore();
  dataSourcesLoader.reset();
});

const renderConsole = async (dataSource = 'primary') => {
  window.history.replaceState({}, '', `/dataSource/${dataSource}/metadata/sqls/new`);
  const rendered = renderHook(() => useSqlConsole(), { wrapper: refineWrapper(appProviders) });
  await waitFor(() => expect(rendered.result.current.saved.loading).toBe(false));
  return rendered;
};
const executed = () => server.sent('POST', '/metadata/sqls/execute').map((request) => request.body);

describe('useSqlConsole', () => {
  it('runs a script one statement at a time, read-only, and keeps the last result', async () => {
    server.on('POST', '/metadata/sqls/execute', { data: RESULT });
    const { result } = await renderConsole();
    expect(result.current.dialect).toBe('SQLite');
    act(() => result.current.setSql("insert into t values (1); select ';'"));
    act(() => result.current.runNow());
    await waitFor(() => expect(result.current.run.state).toBe('done'));
    expect(executed()).toEqual([
      { sql: 'insert into t values (1)', readOnly: true },
      { sql: "select ';'", readOnly: true },
    ]);
    expect(result.current.run).toMatchObject({ readOnly: true, count: 2, wrote: true, result: RESULT });
  });

  it('stops at the first failing statement and says which one failed', async () => {
    let calls = 0;
    server.on('POST', '/metadata/sqls/execute', () => {
      calls += 1;
      return calls === 2
        ? { status: 400, data: { code: 'SQL_ERROR', message: 'no such table: Nope' } }
        : { data: RESULT };
    });
    const { result } = await renderConsole();
    act(() => result.current.execute('select 1; select * from Nope; select 3'));
    await waitFor(() => expect(result.current.run.state).toBe('failed'));
    expect(result.current.run).toEqual({
      state: 'failed',
      sql: 'select * from Nope',
      message: '第 2 条语句（共 3 条）执行出错，后面的语句没有执行：\nno such table: Nope',
    });
    expect(executed()).toHaveLength(2);
  });

  it('sends nothing for an empty editor', async () => {
    const { result } = await renderConsole();
    act(() => result.current.setSql('  -- only a comment\n'));
    act(() => result.current.runNow());
    expect(result.current.run.state).toBe('idle');
    expect(executed()).toEqual([]);
  });

  it('turns write mode on only after its confirmation, and off at once', async () => {
    server.on('POST', '/metadata/sqls/execute', { data: RESULT });
    const { result } = await renderConsole();
    act(() => result.current.writeMode.toggle(true));
    expect(result.current.writeMode).toMatchObject({ on: false, asking: true });
    act(() => result.current.writeMode.cancel());
    expect(result.current.writeMode).toMatchObject({ on: false, asking: false });
    act(() => result.current.writeMode.toggle(true));
    act(() => result.current.writeMode.confirm());
    expect(result.current.writeMode).toMatchObject({ on: true, asking: false });
    act(() => result.current.execute('delete from t'));
    await waitFor(() => expect(result.current.run.state).toBe('done'));
    expect(executed()).toEqual([{ sql: 'delete from t', readOnly: false }]);
    act(() => result.current.writeMode.toggle(false));
    expect(result.current.writeMode.on).toBe(false);
  });

  it('saves the editor as a new statement, then changes that one (kept in primary, for its data source)', async () => {
    server.on('POST', '/business/sqlQuery', { status: 201, data: 9 });
    server.on('PATCH', '/business/sqlQuery/9', { status: 200 });
    const { result } = await renderConsole('chinook');
    expect(server.sent('GET', '/business/sqlQuery')[0]).toMatchObject({
      dataSource: 'primary',
      params: {
        filter: JSON.stringify({
          conditionType: 'AND',
          conditions: [{ columnName: 'dataSource', operatorType: 'EQ', values: ['chinook'] }],
        }),
      },
    });
    act(() => result.current.setSql('select 1'));
    act(() => result.current.saveDialog.show());
    act(() => result.current.saveDialog.save({ name: 'one', caption: '一' }, 'create'));
    await waitFor(() => expect(result.current.current?.id).toBe(9));
    expect(result.current.saveDialog.open).toBe(false);
    act(() => result.current.setSql('select 2'));
    act(() => result.current.saveDialog.save({ name: 'one', caption: '一' }, 'update'));
    await waitFor(() => expect(server.sent('PATCH', '/business/sqlQuery/9')).toHaveLength(1));
    expect(server.sent('POST', '/business/sqlQuery')[0]).toMatchObject({ dataSource: 'primary' });
    expect(server.sent('POST', '/business/sqlQuery')[0]?.body).toEqual({
      name: 'one',
      caption: '一',
      sql: 'select 1',
      dataSource: 'chinook',
    });
    expect(server.sent('PATCH', '/business/sqlQuery/9')[0]).toMatchObject({ dataSource: 'primary' });
    expect(server.sent('PATCH', '/business/sqlQuery/9')[0]?.body).toEqual({
      name: 'one',
      caption: '一',
      sql: 'select 2',
    });
    await waitFor(() => expect(result.current.current).toMatchObject({ id: 9, sql: 'select 2' }));
  });
});
