/**
 * English captions of crudboard's own tables, their columns and relations (the declarations in
 * `system-tables.ts` carry the Chinese ones). The start-up sync stores them as each item's
 * `en-US` caption. Columns every table shares are named once, under `shared`.
 */
export interface EnglishCaptions {
  caption: string;
  columns?: Readonly<Record<string, string>>;
  relations?: Readonly<Record<string, string>>;
}

export const SHARED_ENGLISH_COLUMNS: Readonly<Record<string, string>> = {
  id: 'ID',
  name: 'Name',
  createdDate: 'Created',
  lastModifiedDate: 'Modified',
  tableId: 'Table',
  key: 'Key',
  value: 'Value',
  code: 'Code',
  caption: 'Caption',
  captions: 'Captions per language',
  description: 'Description',
  roleId: 'Role',
  permissions: 'Permissions',
};

export const SYSTEM_TABLE_ENGLISH: Readonly<Record<string, EnglishCaptions>> = {
  user: {
    caption: 'Users',
    columns: {
      username: 'Username',
      realname: 'Full name',
      password: 'Password',
      email: 'Email',
      mobile: 'Mobile',
      avatar: 'Avatar',
      enabled: 'Enabled',
    },
    relations: { userRoles: 'User roles' },
  },
  role: { caption: 'Roles', relations: { userRoles: 'User roles', tablePermissions: 'Table permissions' } },
  userRole: { caption: 'User roles', columns: { userId: 'User' }, relations: { user: 'User', role: 'Role' } },
  config: { caption: 'Settings' },
  menu: { caption: 'Menus' },
  tableFormBuilder: {
    caption: 'Form layouts',
    columns: { dataSource: 'Data source', device: 'Device', type: 'Type', body: 'Layout' },
  },
  columnExtProperty: {
    caption: 'Column properties',
    columns: { dataSource: 'Data source', columnId: 'Column' },
  },
  tablePermission: {
    caption: 'Table permissions',
    columns: { dataSource: 'Data source', columns: 'Column permissions', rowRules: 'Row rules' },
    relations: { role: 'Role' },
  },
  sqlQuery: { caption: 'SQL statements', columns: { dataSource: 'Data source', sql: 'SQL' } },
  file: {
    caption: 'Files',
    columns: {
      name: 'Original name',
      fileName: 'Stored name',
      url: 'URL',
      size: 'Size',
      md5: 'MD5',
      ownerId: 'Uploaded by',
    },
  },
  module: {
    caption: 'Modules',
    columns: { displayOrder: 'Display order' },
    relations: { moduleLines: 'Module tables' },
  },
  moduleLine: {
    caption: 'Module tables',
    columns: { moduleId: 'Module' },
    relations: { module: 'Module', table: 'Table' },
  },
  webhook: {
    caption: 'Webhooks',
    columns: {
      dataSource: 'Data source',
      tables: 'Tables',
      actions: 'Actions',
      condition: 'Condition',
      url: 'URL',
      method: 'Method',
      headers: 'Headers',
      secret: 'Signing secret',
      enabled: 'Enabled',
      ownerId: 'Created by',
    },
  },
  webhookDelivery: {
    caption: 'Webhook deliveries',
    columns: {
      webhookId: 'Webhook',
      eventId: 'Event ID',
      tableName: 'Table',
      recordKey: 'Record',
      action: 'Action',
      status: 'Status',
      attempts: 'Attempts',
      responseCode: 'Response code',
      lastError: 'Error',
      responseBody: 'Response',
      payload: 'Request body',
      deliveredDate: 'Delivered',
    },
    relations: { webhook: 'Webhook' },
  },
  schedule: {
    caption: 'Schedules',
    columns: {
      cron: 'Cron expression',
      timeZone: 'Time zone',
      action: 'Action',
      url: 'URL',
      method: 'Method',
      headers: 'Headers',
      secret: 'Signing secret',
      sqlQueryId: 'SQL statement',
      task: 'Extension task',
      flowId: 'Flow',
      maxMissed: 'Missed runs',
      enabled: 'Enabled',
      ownerId: 'Owner',
    },
    relations: { sqlQuery: 'SQL statement', flow: 'Flow' },
  },
  scheduleRun: {
    caption: 'Schedule runs',
    columns: {
      scheduleId: 'Schedule',
      tick: 'Tick',
      status: 'Status',
      startedDate: 'Started',
      finishedDate: 'Finished',
      durationMs: 'Duration (ms)',
      result: 'Result',
      error: 'Error',
      runner: 'Server',
    },
    relations: { schedule: 'Schedule' },
  },
  flow: {
    caption: 'Flows',
    columns: {
      dataSource: 'Data source',
      tableName: 'Table',
      trigger: 'Trigger',
      actions: 'Events',
      condition: 'Condition',
      steps: 'Steps',
      secret: 'Signing secret',
      enabled: 'Enabled',
      ownerId: 'Owner',
    },
  },
  flowRun: {
    caption: 'Flow runs',
    columns: {
      flowId: 'Flow',
      status: 'Status',
      trigger: 'Trigger',
      tableName: 'Table',
      recordKey: 'Record',
      step: 'Failed step',
      stepKind: 'Step kind',
      error: 'Error',
      result: 'Result',
      input: 'Step input',
      event: 'Trigger content',
      eventId: 'Event ID',
      dataSource: 'Data source',
      userName: 'Run by',
      userId: 'Run by (ID)',
      startedDate: 'Started',
      finishedDate: 'Finished',
      durationMs: 'Duration (ms)',
    },
    relations: { flow: 'Flow' },
  },
  table: {
    caption: 'Tables',
    columns: {
      dataSource: 'Data source',
      pluralName: 'Plural name',
      tableName: 'Physical name',
      engine: 'Storage engine',
      reverse: 'Reversed',
      systemable: 'System table',
      readOnly: 'Read-only',
      titleColumn: 'Title column',
      historyMode: 'History',
      historyKeep: 'History kept',
    },
  },
};

/** The English caption of a system table's column (its own, else the shared one). */
export const englishColumnCaption = (table: string, column: string): string | undefined =>
  SYSTEM_TABLE_ENGLISH[table]?.columns?.[column] ?? SHARED_ENGLISH_COLUMNS[column];
