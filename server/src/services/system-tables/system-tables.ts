import { META, SYSTEM } from '../../db/table-names';
import type { SystemColumnDecl, SystemTableDecl } from './system-table-decl';

const id = (): SystemColumnDecl => ({
  name: 'id',
  caption: '编号',
  dataType: 'BIGINT',
  unsigned: true,
  indexType: 'PRIMARY',
  autoIncrement: true,
  nullable: false,
  insertable: false,
  updatable: false,
  systemable: true,
});

const timestamps = (): SystemColumnDecl[] => [
  {
    name: 'createdDate',
    caption: '创建时间',
    dataType: 'DATETIME',
    nullable: false,
    insertable: false,
    updatable: false,
    systemable: true,
  },
  {
    name: 'lastModifiedDate',
    caption: '修改时间',
    dataType: 'DATETIME',
    nullable: false,
    insertable: false,
    updatable: false,
    systemable: true,
  },
];

const text = (
  name: string,
  caption: string,
  dataType: DataTypeText,
  length: number | null,
  flags: Partial<SystemColumnDecl> = {},
): SystemColumnDecl => ({ name, caption, dataType, length, queryable: true, ...flags });

type DataTypeText = 'CHAR' | 'VARCHAR' | 'TEXT' | 'ATTACHMENT' | 'PASSWORD';

/** A reference to another row (a metadata id or a system table's key). */
const reference = (name: string, caption: string): SystemColumnDecl => ({
  name,
  caption,
  dataType: 'BIGINT',
  unsigned: true,
  indexType: 'INDEX',
  nullable: false,
  queryable: true,
});

/**
 * The data source a record is about (crudboard's own records live in primary whichever source
 * their table is in); a configured source's name, checked by `dataSourceHook`.
 */
const dataSourceName = (): SystemColumnDecl =>
  text('dataSource', '数据源', 'VARCHAR', 64, { nullable: false, defaultValue: 'primary' });

const table = (
  decl: Omit<SystemTableDecl, 'description' | 'readOnly' | 'relations'> &
    Partial<Pick<SystemTableDecl, 'description' | 'readOnly' | 'relations'>>,
): SystemTableDecl => ({ description: null, readOnly: false, relations: [], ...decl });

/**
 * The system tables the business API serves (docs/api.md §3 "System tables"), described here and
 * written into `primary`'s metadata at every start, so that a new version can change them.
 * The session table is never exposed.
 */
export const SYSTEM_TABLES: readonly SystemTableDecl[] = [
  table({
    name: 'user',
    pluralName: 'users',
    tableName: SYSTEM.user,
    caption: '用户',
    columns: [
      id(),
      text('username', '用户名', 'VARCHAR', 64, { indexType: 'UNIQUE', nullable: false, displayable: true }),
      text('realname', '姓名', 'VARCHAR', 100, { displayable: true }),
      text('password', '密码', 'PASSWORD', 255, { nullable: false, queryable: false }),
      text('email', '邮箱', 'VARCHAR', 200),
      text('mobile', '手机', 'VARCHAR', 32),
      text('avatar', '头像', 'ATTACHMENT', 500, { queryable: false }),
      {
        name: 'enabled',
        caption: '启用',
        dataType: 'BOOL',
        nullable: false,
        defaultValue: 'true',
        queryable: true,
      },
      ...timestamps(),
    ],
    relations: [
      {
        name: 'userRoles',
        caption: '用户角色',
        relationType: 'OneToMany',
        fromColumn: 'id',
        toTable: 'userRole',
        toColumn: 'userId',
      },
    ],
  }),
  table({
    name: 'role',
    pluralName: 'roles',
    tableName: SYSTEM.role,
    caption: '角色',
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { nullable: false, displayable: true }),
      text('code', '编码', 'VARCHAR', 64, { indexType: 'UNIQUE', nullable: false, displayable: true }),
      text('permissions', '权限', 'TEXT', null, { description: '逗号分隔的权限编码' }),
      ...timestamps(),
    ],
    relations: [
      {
        name: 'userRoles',
        caption: '用户角色',
        relationType: 'OneToMany',
        fromColumn: 'id',
        toTable: 'userRole',
        toColumn: 'roleId',
      },
      {
        name: 'tablePermissions',
        caption: '表权限',
        relationType: 'OneToMany',
        fromColumn: 'id',
        toTable: 'tablePermission',
        toColumn: 'roleId',
      },
    ],
  }),
  table({
    name: 'userRole',
    pluralName: 'userRoles',
    tableName: SYSTEM.userRole,
    caption: '用户角色',
    columns: [id(), reference('userId', '用户'), reference('roleId', '角色')],
    relations: [
      {
        name: 'user',
        caption: '用户',
        relationType: 'ManyToOne',
        fromColumn: 'userId',
        toTable: 'user',
        toColumn: 'id',
      },
      {
        name: 'role',
        caption: '角色',
        relationType: 'ManyToOne',
        fromColumn: 'roleId',
        toTable: 'role',
        toColumn: 'id',
      },
    ],
  }),
  table({
    name: 'config',
    pluralName: 'configs',
    tableName: SYSTEM.config,
    caption: '配置',
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { displayable: true }),
      text('key', '键', 'VARCHAR', 100, { indexType: 'UNIQUE', nullable: false, displayable: true }),
      text('value', '值', 'TEXT', null),
      ...timestamps(),
    ],
  }),
  table({
    name: 'menu',
    pluralName: 'menus',
    tableName: SYSTEM.menu,
    caption: '菜单',
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { nullable: false, displayable: true }),
      text('code', '编码', 'VARCHAR', 64, { indexType: 'UNIQUE', nullable: false, displayable: true }),
      ...timestamps(),
    ],
  }),
  table({
    name: 'tableFormBuilder',
    pluralName: 'tableFormBuilders',
    tableName: SYSTEM.tableFormBuilder,
    caption: '表单布局',
    columns: [
      id(),
      reference('tableId', '表'),
      dataSourceName(),
      text('name', '名称', 'VARCHAR', 200, { displayable: true }),
      text('device', '设备', 'VARCHAR', 16, { nullable: false, description: 'pc | pad | phone' }),
      text('type', '类型', 'VARCHAR', 16, { nullable: false, description: 'create | update | list' }),
      text('body', '布局', 'TEXT', null, { queryable: false }),
      ...timestamps(),
    ],
  }),
  table({
    name: 'columnExtProperty',
    pluralName: 'columnExtProperties',
    tableName: SYSTEM.columnExtProperty,
    caption: '字段扩展属性',
    columns: [
      id(),
      reference('tableId', '表'),
      dataSourceName(),
      reference('columnId', '字段'),
      text('key', '键', 'VARCHAR', 64, { nullable: false, displayable: true }),
      text('value', '值', 'TEXT', null, { queryable: false }),
      ...timestamps(),
    ],
  }),
  table({
    name: 'tablePermission',
    pluralName: 'tablePermissions',
    tableName: SYSTEM.tablePermission,
    caption: '表权限',
    columns: [
      id(),
      reference('tableId', '表'),
      dataSourceName(),
      reference('roleId', '角色'),
      text('permissions', '权限', 'TEXT', null),
      text('columns', '字段权限', 'TEXT', null, { queryable: false }),
      text('rowRules', '行规则', 'TEXT', null, { queryable: false }),
      ...timestamps(),
    ],
    relations: [
      {
        name: 'role',
        caption: '角色',
        relationType: 'ManyToOne',
        fromColumn: 'roleId',
        toTable: 'role',
        toColumn: 'id',
      },
    ],
  }),
  table({
    name: 'sqlQuery',
    pluralName: 'sqlQueries',
    tableName: SYSTEM.sqlQuery,
    caption: 'SQL 语句',
    columns: [
      id(),
      // unique within its data source (the physical index is on dataSource and name)
      text('name', '名称', 'VARCHAR', 100, { nullable: false, displayable: true }),
      dataSourceName(),
      text('caption', '说明', 'VARCHAR', 200, { displayable: true }),
      text('sql', 'SQL', 'TEXT', null, { nullable: false }),
      ...timestamps(),
    ],
  }),
  table({
    name: 'file',
    pluralName: 'files',
    tableName: SYSTEM.file,
    caption: '文件',
    readOnly: true,
    columns: [
      id(),
      text('name', '原文件名', 'VARCHAR', 500, { nullable: false, displayable: true }),
      text('fileName', '存储文件名', 'VARCHAR', 100, { nullable: false, indexType: 'UNIQUE' }),
      text('url', '地址', 'ATTACHMENT', 500, { nullable: false, displayable: true }),
      { name: 'size', caption: '大小', dataType: 'BIGINT', nullable: false, queryable: true },
      text('md5', 'MD5', 'VARCHAR', 32, { nullable: false, indexType: 'INDEX' }),
      {
        name: 'ownerId',
        caption: '上传人',
        dataType: 'BIGINT',
        unsigned: true,
        insertable: false,
        updatable: false,
        systemable: true,
      },
      ...timestamps(),
    ],
  }),
  table({
    name: 'module',
    pluralName: 'modules',
    tableName: SYSTEM.module,
    caption: '模块',
    description: '把业务表分组展示，例如首页的卡片',
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { indexType: 'UNIQUE', nullable: false, displayable: true }),
      text('caption', '标题', 'VARCHAR', 200, { displayable: true }),
      text('description', '描述', 'TEXT', null, { queryable: false }),
      { name: 'displayOrder', caption: '显示顺序', dataType: 'INT', queryable: true },
      ...timestamps(),
    ],
    relations: [
      {
        name: 'moduleLines',
        caption: '模块表',
        relationType: 'OneToMany',
        fromColumn: 'id',
        toTable: 'moduleLine',
        toColumn: 'moduleId',
      },
    ],
  }),
  table({
    name: 'moduleLine',
    pluralName: 'moduleLines',
    tableName: SYSTEM.moduleLine,
    caption: '模块表',
    columns: [id(), reference('moduleId', '模块'), reference('tableId', '表'), ...timestamps()],
    relations: [
      {
        name: 'module',
        caption: '模块',
        relationType: 'ManyToOne',
        fromColumn: 'moduleId',
        toTable: 'module',
        toColumn: 'id',
      },
      {
        name: 'table',
        caption: '表',
        relationType: 'ManyToOne',
        fromColumn: 'tableId',
        toTable: 'table',
        toColumn: 'id',
      },
    ],
  }),
  table({
    name: 'webhook',
    pluralName: 'webhooks',
    tableName: SYSTEM.webhook,
    caption: 'Webhook',
    description: '记录变化时通知其他系统（签名的 HTTP 请求）',
    serverColumns: ['signingSecret'],
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { nullable: false, displayable: true }),
      dataSourceName(),
      text('tables', '表', 'TEXT', null, {
        nullable: false,
        description: '表名，逗号分隔；* 表示全部表',
      }),
      text('actions', '动作', 'VARCHAR', 200, {
        nullable: false,
        defaultValue: 'create,update,delete,restore',
        description: 'create、update、delete、restore，逗号分隔',
      }),
      text('condition', '条件', 'TEXT', null, {
        queryable: false,
        description: '与列表筛选相同的 JSON 条件',
      }),
      text('url', '地址', 'VARCHAR', 2000, { nullable: false, displayable: true }),
      text('method', '请求方法', 'VARCHAR', 8, {
        nullable: false,
        defaultValue: 'POST',
        description: 'POST | PUT | PATCH',
      }),
      text('headers', '请求头', 'TEXT', null, {
        queryable: false,
        description: 'JSON 对象，例如 {"X-Key": "值"}',
      }),
      text('secret', '签名密钥', 'PASSWORD', 255, {
        queryable: false,
        description: '保存后不再显示；用于 X-Crudboard-Signature',
      }),
      {
        name: 'enabled',
        caption: '启用',
        dataType: 'BOOL',
        nullable: false,
        defaultValue: 'true',
        queryable: true,
      },
      {
        name: 'ownerId',
        caption: '创建人',
        dataType: 'BIGINT',
        unsigned: true,
        insertable: false,
        updatable: false,
        systemable: true,
      },
      ...timestamps(),
    ],
    relations: [
      {
        name: 'deliveries',
        caption: '投递记录',
        relationType: 'OneToMany',
        fromColumn: 'id',
        toTable: 'webhookDelivery',
        toColumn: 'webhookId',
      },
    ],
  }),
  table({
    name: 'webhookDelivery',
    pluralName: 'webhookDeliveries',
    tableName: SYSTEM.webhookDelivery,
    caption: 'Webhook 投递',
    description: '每个事件的投递状态；失败的投递可以重发',
    readOnly: true,
    serverColumns: ['dataSource', 'nextAttemptAt', 'firstAttemptAt', 'leaseUntil', 'leaseOwner'],
    columns: [
      id(),
      reference('webhookId', 'Webhook'),
      text('eventId', '事件编号', 'VARCHAR', 36, { nullable: false, displayable: true }),
      text('tableName', '表', 'VARCHAR', 64, { nullable: false }),
      text('recordKey', '记录', 'VARCHAR', 400, { nullable: false }),
      text('action', '动作', 'VARCHAR', 16, { nullable: false }),
      text('status', '状态', 'VARCHAR', 16, {
        nullable: false,
        description: 'pending 待投递、delivered 已投递、failed 重试中、dead 已放弃',
      }),
      { name: 'attempts', caption: '尝试次数', dataType: 'INT', nullable: false, queryable: true },
      { name: 'responseCode', caption: '响应码', dataType: 'INT', queryable: true },
      text('lastError', '错误', 'VARCHAR', 1000, { queryable: false }),
      text('responseBody', '响应内容', 'VARCHAR', 1000, { queryable: false }),
      text('payload', '请求体', 'TEXT', null, { queryable: false }),
      {
        name: 'createdDate',
        caption: '创建时间',
        dataType: 'DATETIME',
        nullable: false,
        insertable: false,
        updatable: false,
        systemable: true,
      },
      {
        name: 'deliveredDate',
        caption: '投递时间',
        dataType: 'DATETIME',
        insertable: false,
        updatable: false,
        queryable: true,
      },
      {
        name: 'lastModifiedDate',
        caption: '修改时间',
        dataType: 'DATETIME',
        nullable: false,
        insertable: false,
        updatable: false,
        systemable: true,
      },
    ],
    relations: [
      {
        name: 'webhook',
        caption: 'Webhook',
        relationType: 'ManyToOne',
        fromColumn: 'webhookId',
        toTable: 'webhook',
        toColumn: 'id',
      },
    ],
  }),
  table({
    name: 'table',
    pluralName: 'tables',
    tableName: META.table,
    caption: '表',
    description: '各数据源的表元数据（只读）',
    readOnly: true,
    columns: [
      id(),
      text('dataSource', '数据源', 'VARCHAR', 64, { nullable: false }),
      text('name', '名称', 'VARCHAR', 64, { nullable: false, displayable: true }),
      text('pluralName', '复数名称', 'VARCHAR', 64),
      text('tableName', '物理表名', 'VARCHAR', 64, { nullable: false }),
      text('caption', '标题', 'VARCHAR', 200, { displayable: true }),
      text('captions', '多语言标题', 'VARCHAR', 1000, { queryable: false }),
      text('description', '描述', 'TEXT', null, { queryable: false }),
      text('engine', '存储引擎', 'VARCHAR', 32, { queryable: false }),
      { name: 'reverse', caption: '逆向', dataType: 'BOOL', nullable: false },
      { name: 'systemable', caption: '系统表', dataType: 'BOOL', nullable: false, queryable: true },
      { name: 'readOnly', caption: '只读', dataType: 'BOOL', nullable: false },
      text('titleColumn', '标题字段', 'VARCHAR', 1000, { queryable: false }),
      text('historyMode', '历史记录', 'VARCHAR', 16, {
        queryable: false,
        description: 'on 开启（空同此）、off 关闭、days 保留 N 天、revisions 每条记录保留 N 个版本',
      }),
      { name: 'historyKeep', caption: '历史保留数', dataType: 'INT', description: '天数或每条记录的版本数' },
      {
        name: 'createdDate',
        caption: '创建时间',
        dataType: 'BIGINT',
        nullable: false,
        description: '毫秒时间戳',
      },
      {
        name: 'lastModifiedDate',
        caption: '修改时间',
        dataType: 'BIGINT',
        nullable: false,
        description: '毫秒时间戳',
      },
    ],
  }),
];
