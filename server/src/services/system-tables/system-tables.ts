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

/** Whether a user, webhook, schedule or flow is on. */
const enabled = (): SystemColumnDecl => ({
  name: 'enabled',
  caption: '启用',
  dataType: 'BOOL',
  nullable: false,
  defaultValue: 'true',
  queryable: true,
});

/**
 * Whether a webhook, schedule or flow is on, and who owns it (set by the server: `description` says
 * what the owner is for).
 */
const enabledAndOwner = (description?: string): SystemColumnDecl[] => [
  enabled(),
  {
    name: 'ownerId',
    caption: '创建人',
    ...(description ? { description } : {}),
    dataType: 'BIGINT',
    unsigned: true,
    insertable: false,
    updatable: false,
    systemable: true,
  },
];

/** When a run started (`started`: always known) and finished, and how long it took. */
const runTimes = (started: boolean): SystemColumnDecl[] => [
  {
    name: 'startedDate',
    caption: '开始时间',
    dataType: 'DATETIME',
    ...(started ? { nullable: false } : {}),
    insertable: false,
    updatable: false,
    queryable: true,
  },
  {
    name: 'finishedDate',
    caption: '结束时间',
    dataType: 'DATETIME',
    insertable: false,
    updatable: false,
    queryable: true,
  },
  { name: 'durationMs', caption: '耗时（毫秒）', dataType: 'INT', queryable: true },
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
      enabled(),
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
        description:
          'create、update、delete、restore（记录），schema（表、关系、序列的结构），user（用户及其角色），permission（角色、表权限），逗号分隔',
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
      ...enabledAndOwner(),
      ...timestamps(),
    ],
    // no relation to its deliveries: a form would offer to add rows to that read-only table
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
      // the status first after the names: a phone's card shows the first few fields
      text('status', '状态', 'VARCHAR', 16, {
        nullable: false,
        options: [
          { value: 'pending', zh: '待投递', en: 'Pending', color: 'blue' },
          { value: 'delivered', zh: '已投递', en: 'Delivered', color: 'green' },
          { value: 'failed', zh: '重试中', en: 'Retrying', color: 'orange' },
          { value: 'dead', zh: '已放弃', en: 'Dead letter', color: 'red' },
        ],
      }),
      text('action', '动作', 'VARCHAR', 16, { nullable: false }),
      text('tableName', '表', 'VARCHAR', 64, { nullable: false }),
      text('recordKey', '记录', 'VARCHAR', 400, { nullable: false }),
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
    name: 'schedule',
    pluralName: 'schedules',
    tableName: SYSTEM.schedule,
    caption: '定时任务',
    description:
      '按 cron 表达式定时发送签名的 HTTP 请求或执行保存的 SQL 语句；每个时刻只由一台服务器执行一次',
    serverColumns: ['signingSecret', 'sqlDigest', 'activeSince'],
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { nullable: false, displayable: true }),
      text('cron', 'Cron 表达式', 'VARCHAR', 120, {
        nullable: false,
        displayable: true,
        description: '5 个字段（分 时 日 月 周），或 6 个字段（秒在最前）',
      }),
      text('timeZone', '时区', 'VARCHAR', 64, {
        description: 'IANA 时区名，例如 Asia/Shanghai；不填为服务器的时区',
      }),
      text('action', '动作', 'VARCHAR', 16, {
        nullable: false,
        defaultValue: 'webhook',
        description:
          'webhook：发送 HTTP 请求；sql：以创建人的身份执行保存的 SQL 语句；task：以创建人的名义执行扩展任务；flow：执行流程',
      }),
      text('url', '地址', 'VARCHAR', 2000, { description: 'webhook 动作的地址' }),
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
        name: 'sqlQueryId',
        caption: 'SQL 语句',
        description: 'sql 动作执行的保存的 SQL 语句',
        dataType: 'BIGINT',
        unsigned: true,
        queryable: true,
      },
      text('task', '扩展任务', 'VARCHAR', 81, {
        description: 'task 动作执行的扩展任务，形如 扩展名:任务名',
      }),
      {
        name: 'flowId',
        caption: '流程',
        description: 'flow 动作执行的流程（触发方式为 schedule）',
        dataType: 'BIGINT',
        unsigned: true,
        queryable: true,
      },
      {
        name: 'maxMissed',
        caption: '补跑次数',
        description: '停机后最多补跑多少个错过的时刻（最近的几个）；0 为不补跑',
        dataType: 'INT',
        nullable: false,
        defaultValue: '1',
        queryable: true,
      },
      ...enabledAndOwner('sql 动作以此用户的身份执行；task 动作以此用户的名义执行'),
      ...timestamps(),
    ],
    // No OneToMany to its runs: deleting a schedule removes them by the database's cascade, which
    // such a relation would refuse (the runs are read-only); they name their schedule instead.
    relations: [
      {
        name: 'sqlQuery',
        caption: 'SQL 语句',
        relationType: 'ManyToOne',
        fromColumn: 'sqlQueryId',
        toTable: 'sqlQuery',
        toColumn: 'id',
      },
      {
        name: 'flow',
        caption: '流程',
        relationType: 'ManyToOne',
        fromColumn: 'flowId',
        toTable: 'flow',
        toColumn: 'id',
      },
    ],
  }),
  table({
    name: 'scheduleRun',
    pluralName: 'scheduleRuns',
    tableName: SYSTEM.scheduleRun,
    caption: '定时任务执行',
    description: '每个时刻一行：执行结果，或未执行（错过）',
    readOnly: true,
    columns: [
      id(),
      reference('scheduleId', '定时任务'),
      {
        name: 'tick',
        caption: '时刻',
        description: '计划执行的时刻（毫秒时间戳）',
        dataType: 'BIGINT',
        nullable: false,
        queryable: true,
        displayable: true,
      },
      text('status', '状态', 'VARCHAR', 16, {
        nullable: false,
        options: [
          { value: 'running', zh: '执行中', en: 'Running', color: 'blue' },
          { value: 'ok', zh: '成功', en: 'Succeeded', color: 'green' },
          { value: 'failed', zh: '失败', en: 'Failed', color: 'red' },
          { value: 'skipped', zh: '错过未执行', en: 'Skipped', color: 'gold' },
        ],
      }),
      ...runTimes(true),
      text('result', '结果', 'VARCHAR', 1000, { queryable: false }),
      text('error', '错误', 'VARCHAR', 1000, { queryable: false }),
      text('runner', '执行服务器', 'VARCHAR', 64),
    ],
    relations: [
      {
        name: 'schedule',
        caption: '定时任务',
        relationType: 'ManyToOne',
        fromColumn: 'scheduleId',
        toTable: 'schedule',
        toColumn: 'id',
      },
    ],
  }),
  table({
    name: 'flow',
    pluralName: 'flows',
    tableName: SYSTEM.flow,
    caption: '流程',
    description:
      '触发（记录的事件、列表上的按钮或定时任务）加几个依次执行的步骤：发送 webhook、修改记录、新建记录、执行扩展任务',
    serverColumns: ['signingSecret'],
    columns: [
      id(),
      text('name', '名称', 'VARCHAR', 100, { nullable: false, displayable: true }),
      dataSourceName(),
      text('tableName', '表', 'VARCHAR', 64, {
        description: '流程作用的表：事件和按钮触发的流程必填',
      }),
      text('trigger', '触发方式', 'VARCHAR', 48, {
        nullable: false,
        defaultValue: 'button',
        description: 'event：记录的事件；button：列表上的按钮；schedule：由定时任务执行',
      }),
      text('actions', '事件', 'VARCHAR', 64, {
        description: 'event 触发的动作，逗号分隔：create, update, delete, restore',
      }),
      text('condition', '条件', 'TEXT', null, {
        queryable: false,
        description: '记录须满足的条件，写法同列表的筛选（JSON）；不填为全部记录',
      }),
      text('steps', '步骤', 'TEXT', null, {
        nullable: false,
        queryable: false,
        description:
          'JSON 数组，依次执行，例如 [{"kind":"update","values":{"状态":"待发货"}},{"kind":"webhook","url":"https://…"}]',
      }),
      text('secret', '签名密钥', 'PASSWORD', 255, {
        queryable: false,
        description: '保存后不再显示；webhook 步骤用它签名（X-Crudboard-Signature）',
      }),
      ...enabledAndOwner('事件和定时任务触发的流程以此用户的身份执行'),
      ...timestamps(),
    ],
    // no OneToMany to its runs: they are read-only and go with the flow by the database's cascade
  }),
  table({
    name: 'flowRun',
    pluralName: 'flowRuns',
    tableName: SYSTEM.flowRun,
    caption: '流程执行',
    description: '每次执行一行：结果，或失败的步骤及其输入',
    readOnly: true,
    serverColumns: ['leaseOwner', 'leaseUntil'],
    columns: [
      id(),
      reference('flowId', '流程'),
      text('status', '状态', 'VARCHAR', 16, {
        nullable: false,
        options: [
          { value: 'pending', zh: '待执行', en: 'Pending', color: 'geekblue' },
          { value: 'running', zh: '执行中', en: 'Running', color: 'blue' },
          { value: 'ok', zh: '成功', en: 'Succeeded', color: 'green' },
          { value: 'failed', zh: '失败', en: 'Failed', color: 'red' },
        ],
      }),
      text('trigger', '触发方式', 'VARCHAR', 48, { nullable: false }),
      text('tableName', '表', 'VARCHAR', 64),
      text('recordKey', '记录', 'VARCHAR', 400),
      { name: 'step', caption: '失败的步骤', dataType: 'INT', queryable: true },
      text('stepKind', '步骤类型', 'VARCHAR', 48),
      text('error', '错误', 'VARCHAR', 1000, { queryable: false }),
      text('result', '结果', 'VARCHAR', 1000, { queryable: false }),
      text('input', '步骤输入', 'TEXT', null, { queryable: false }),
      text('event', '触发内容', 'TEXT', null, { queryable: false }),
      text('eventId', '事件编号', 'VARCHAR', 36),
      text('dataSource', '数据源', 'VARCHAR', 64),
      text('userName', '执行用户', 'VARCHAR', 200),
      {
        name: 'userId',
        caption: '执行用户编号',
        dataType: 'BIGINT',
        unsigned: true,
        queryable: true,
      },
      ...runTimes(false),
      ...timestamps(),
    ],
    relations: [
      {
        name: 'flow',
        caption: '流程',
        relationType: 'ManyToOne',
        fromColumn: 'flowId',
        toTable: 'flow',
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
