import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { MAX_LIMIT } from '../../../contract';
import type { SqlResult } from '../../../src/sql/lib/sql-types';
import { SqlConsolePage } from '../../../src/sql/pages/SqlConsolePage';
import { dataSourcesLoader } from '../../../src/store/useCurrentDataSource';
import { appProviders } from '../../helpers/appProviders';
import { button, dialog } from '../../helpers/dom';
import { installFakeHttp, type FakeHttp } from '../../helpers/fakeHttp';
import { currentPath, renderPage } from '../../helpers/renderPage';
import { clerk, signIn, superAdmin } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const URL = '/dataSource/primary/metadata/sqls/new';
const ROUTE = 'dataSource/:dataSource/metadata/sqls/new';

const RESULT: SqlResult = {
  columns: [
    { name: 'id', type: 'INTEGER' },
    { name: 'name', type: 'TEXT' },
  ],
  rows: [
    [1, 'AC/DC'],
    [2, null],
  ],
  rowCount: 2,
  truncated: false,
  elapsedMs: 7,
};

// CodeMirror measures text ranges, which jsdom does not lay out.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
beforeAll(() => {
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

let server: FakeHttp;
beforeEach(() => {
  signIn(superAdmin);
  dataSourcesLoader.prime([{ name: 'primary', caption: '主数据源', database: 'main', client: 'sqlite' }]);
  server = installFakeHttp();
  server.on('GET', '/business/config', { data: [] });
  server.on('GET', '/metadata/tables', { data: [] });
  server.on('GET', '/business/sqlQuery', {
    data: [{ id: 3, name: 'topArtists', caption: '热门歌手', sql: 'select * from Artist limit 5' }],
  });
});
afterEach(() => {
  expect(server.unexpected).toEqual([]);
  server.restore();
  dataSourcesLoader.reset();
});

const editor = () => {
  const dom = document.querySelector('.cm-editor') as HTMLElement;
  return EditorView.findFromDOM(dom) as EditorView;
};
/** Replaces the editor's text as typing would (and lets React take the change in). */
const typeSql = (text: string) =>
  act(() => {
    const view = editor();
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  });
const ctrlEnter = () =>
  fireEvent.keyDown(document.querySelector('.cm-content') as HTMLElement, {
    key: 'Enter',
    code: 'Enter',
    keyCode: 13,
    ctrlKey: true,
  });

const open = async () => {
  renderPage(<SqlConsolePage />, { url: URL, route: ROUTE, ...appProviders });
  await screen.findByText('热门歌手');
};

describe('SqlConsolePage', () => {
  it('runs the editor’s statement read-only on Ctrl+Enter and shows typed columns, count and time', async () => {
    server.on('POST', '/metadata/sqls/execute', { data: RESULT });
    await open();
    expect(screen.getByText('方言：SQLite')).toBeInTheDocument();
    typeSql('select id, name from Artist');
    ctrlEnter();
    expect(await screen.findByText('共 2 行')).toBeInTheDocument();
    expect(server.sent('POST', '/metadata/sqls/execute')[0]?.body).toEqual({
      sql: 'select id, name from Artist',
      readOnly: true,
    });
    expect(screen.getByText('耗时 7 ms')).toBeInTheDocument();
    expect(screen.getAllByText('INTEGER').length).toBeGreaterThan(0);
    expect(screen.getByText('AC/DC')).toBeInTheDocument();
    expect(screen.getByText('NULL')).toBeInTheDocument();
    expect(screen.queryByText('只显示前 1000 行')).toBeNull();
  });

  it('runs only the selected text', async () => {
    server.on('POST', '/metadata/sqls/execute', { data: RESULT });
    await open();
    typeSql('select 1;\nselect 2');
    act(() => editor().dispatch({ selection: { anchor: 10, head: 18 } }));
    fireEvent.click(button('运行'));
    await screen.findByText('共 2 行');
    expect(server.sent('POST', '/metadata/sqls/execute')[0]?.body).toEqual({
      sql: 'select 2',
      readOnly: true,
    });
  });

  it('runs a script statement by statement and shows the last result', async () => {
    server.on('POST', '/metadata/sqls/execute', { data: RESULT });
    await open();
    typeSql("select 1;\n-- note; still a comment\nselect ';' as semi;\n");
    ctrlEnter();
    expect(await screen.findByText('已依次执行 2 条语句，下面是最后一条的结果')).toBeInTheDocument();
    expect(server.sent('POST', '/metadata/sqls/execute').map((request) => request.body)).toEqual([
      { sql: 'select 1', readOnly: true },
      { sql: "-- note; still a comment\nselect ';' as semi", readOnly: true },
    ]);
  });

  it('stops a script at the first failing statement', async () => {
    let calls = 0;
    server.on('POST', '/metadata/sqls/execute', () => {
      calls += 1;
      return calls === 2
        ? { status: 400, data: { code: 'SQL_ERROR', message: '执行失败：no such table: Nope' } }
        : { data: RESULT };
    });
    await open();
    typeSql('select 1; select * from Nope; select 3');
    ctrlEnter();
    expect(await screen.findByText('执行出错')).toBeInTheDocument();
    expect(
      screen.getByText(
        /第 2 条语句（共 3 条）执行出错，后面的语句没有执行：\s*执行失败：no such table: Nope/,
      ),
    ).toBeInTheDocument();
    expect(server.sent('POST', '/metadata/sqls/execute')).toHaveLength(2);
  });

  it('says when only the first 1000 rows came back', async () => {
    server.on('POST', '/metadata/sqls/execute', {
      data: { ...RESULT, rows: RESULT.rows, rowCount: 1000, truncated: true },
    });
    await open();
    typeSql('select * from Track');
    ctrlEnter();
    expect(await screen.findByText('只显示前 1000 行')).toBeInTheDocument();
  });

  it('says when the server cut the result to its size limits', async () => {
    server.on('POST', '/metadata/sqls/execute', {
      data: { ...RESULT, truncated: true, truncation: ['bytes', 'cells'] },
    });
    await open();
    typeSql('select * from Track');
    ctrlEnter();
    expect(await screen.findByText('结果达到服务器的大小上限，只显示前 2 行')).toBeInTheDocument();
    expect(screen.getByText('部分过长的值已按服务器的大小上限截断')).toBeInTheDocument();
    expect(screen.queryByText('只显示前 1000 行')).toBeNull();
  });

  it('shows the database’s message when a statement fails', async () => {
    server.on('POST', '/metadata/sqls/execute', {
      status: 400,
      data: { code: 'VALIDATION_ERROR', message: 'no such table: Nope' },
    });
    await open();
    typeSql('select * from Nope');
    ctrlEnter();
    expect(await screen.findByText('执行出错')).toBeInTheDocument();
    expect(screen.getByText('no such table: Nope')).toBeInTheDocument();
  });

  it('does not send an empty editor', async () => {
    await open();
    ctrlEnter();
    expect(await screen.findByText('请输入 SQL 语句')).toBeInTheDocument();
    expect(server.sent('POST', '/metadata/sqls/execute')).toEqual([]);
  });

  it('turns write mode on only after confirmation, and warns while it is on', async () => {
    server.on('POST', '/metadata/sqls/execute', {
      data: { columns: [], rows: [], rowCount: 1, truncated: false, elapsedMs: 2 },
    });
    await open();
    const toggle = document.getElementById('sql-write-mode') as HTMLElement;
    fireEvent.click(toggle);
    fireEvent.click(button('取消', await dialog('开启写入模式吗？')));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.queryByText(/写入模式已开启/)).toBeNull();

    fireEvent.click(toggle);
    fireEvent.click(button('开启', await dialog('开启写入模式吗？')));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('写入模式已开启：语句将直接修改数据库，无法撤销')).toBeInTheDocument();

    typeSql("insert into Genre (Name) values ('x')");
    ctrlEnter();
    expect(await screen.findByText('语句已执行，1 行受影响')).toBeInTheDocument();
    expect(server.sent('POST', '/metadata/sqls/execute')[0]?.body).toMatchObject({ readOnly: false });

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.queryByText(/写入模式已开启/)).toBeNull();
  });

  it('notes that a write run read-only was rolled back', async () => {
    server.on('POST', '/metadata/sqls/execute', {
      data: { columns: [], rows: [], rowCount: 3, truncated: false, elapsedMs: 1 },
    });
    await open();
    typeSql('delete from Genre');
    ctrlEnter();
    expect(await screen.findByText(/所做的修改已回滚/)).toBeInTheDocument();
  });

  it('formats the statement in the data source’s dialect', async () => {
    await open();
    typeSql('select id,name from Artist where id=1');
    fireEvent.click(button('格式化'));
    await waitFor(() =>
      expect(editor().state.doc.toString()).toBe('SELECT\n  id,\n  name\nFROM\n  Artist\nWHERE\n  id = 1'),
    );
  });

  it('loads a saved statement and saves the editor as a new one', async () => {
    server.on('POST', '/business/sqlQuery', { status: 201, data: 9 });
    await open();
    expect(server.sent('GET', '/business/sqlQuery')[0]?.params).toEqual({
      filter: JSON.stringify({
        conditionType: 'AND',
        conditions: [{ columnName: 'dataSource', operatorType: 'EQ', values: ['primary'] }],
      }),
      offset: '0',
      limit: String(MAX_LIMIT),
      orderby: 'name ASC',
      collation: 'pinyin',
    });
    fireEvent.click(screen.getByRole('button', { name: '载入 热门歌手' }));
    await waitFor(() => expect(editor().state.doc.toString()).toBe('select * from Artist limit 5'));
    typeSql('select count(*) from Track');
    fireEvent.click(button('保存'));
    const modal = await dialog('保存对语句的修改');
    fireEvent.click(button('另存为新语句', modal));
    await waitFor(() => expect(server.sent('POST', '/business/sqlQuery')).toHaveLength(1));
    expect(server.sent('POST', '/business/sqlQuery')[0]?.body).toEqual({
      name: 'topArtists',
      caption: '热门歌手',
      sql: 'select count(*) from Track',
      dataSource: 'primary',
    });
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
  });

  it('deletes a saved statement after 确认删除吗？', async () => {
    server.on('DELETE', '/business/sqlQuery/3', { status: 204 });
    await open();
    fireEvent.click(screen.getByRole('button', { name: '删除 热门歌手' }));
    fireEvent.click(button('删除', await dialog('确认删除吗？')));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(server.sent('DELETE', '/business/sqlQuery/3')).toHaveLength(1);
  });

  it('opens for a user who is not super admin but holds sql:execute', async () => {
    signIn({
      ...clerk,
      username: 'analyst',
      authorities: [{ authority: 'ROLE_ANALYST' }, { authority: 'sql:execute' }],
    });
    await open();
    expect(currentPath()).toBe(URL);
  });

  it('sends users without sql:execute to the 403 page', async () => {
    signIn(clerk);
    renderPage(<SqlConsolePage />, { url: URL, route: ROUTE, ...appProviders });
    await waitFor(() => expect(currentPath()).toBe('/403'));
    expect(
      server.requests.filter(
        (r) => r.url.startsWith('/metadata/sqls') || r.url.startsWith('/business/sqlQuery'),
      ),
    ).toEqual([]);
  });
});
