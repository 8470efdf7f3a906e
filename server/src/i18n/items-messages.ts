import { FIELD_MESSAGES, format, type Localized, type Params } from './messages';

/** Messages of the business items service (docs/api.md §3), Chinese and English. */
export const ITEMS_MESSAGES = {
  unknownColumn: { zh: '表中没有字段 {name}', en: 'the table has no column {name}' },
  unknownField: { zh: '表中没有字段或关系 {name}', en: 'the table has no column or relation {name}' },
  unknownRelation: { zh: '表中没有关系 {name}', en: 'the table has no relation {name}' },
  notQueryable: { zh: '字段 {name} 不能用于查询', en: 'column {name} cannot be queried' },
  passwordFilter: {
    zh: '密码字段 {name} 只能按是否为空查询',
    en: 'password column {name} can only be tested for null',
  },
  likeNotText: { zh: '{operator} 只能用于文本字段', en: '{operator} applies to text columns only' },
  repeated: { zh: '参数只能出现一次', en: 'may appear only once' },
  notText: { zh: '应为文本', en: 'must be text' },
  tooManyValues: { zh: '最多 {max} 个值', en: 'at most {max} values' },
  betweenBounds: {
    zh: 'BETWEEN 需要“下限,上限”，至少一边有值',
    en: 'BETWEEN takes "low,high" with at least one side given',
  },
  operatorValues: {
    zh: '{operator} 需要 {count} 个值',
    en: '{operator} takes {count} value(s)',
  },
  unknownOperator: { zh: '不支持的运算符 {name}', en: 'unknown operator {name}' },
  filterJson: { zh: '不是合法的 JSON 条件', en: 'is not a valid JSON condition' },
  filterShape: {
    zh: '条件应为 {conditionType, conditions} 或 {columnName, operatorType, values}',
    en: 'a condition is {conditionType, conditions} or {columnName, operatorType, values}',
  },
  filterDepth: { zh: '条件嵌套不能超过 {max} 层', en: 'conditions nest at most {max} levels deep' },
  filterSize: { zh: '条件总数不能超过 {max} 个', en: 'at most {max} conditions in all' },
  busyReads: {
    zh: '你同时进行的查询过多（{count} 个），请等已发出的查询完成后再试',
    en: 'You have too many queries under way ({count}); wait for them to finish and try again',
  },
  busyServer: {
    zh: '服务器正忙于其他用户的查询，请稍后再试；缩小条件的查询会更快得到处理',
    en: 'The server is busy with other users’ queries; try again shortly (narrower conditions are served sooner)',
  },
  tooManyLikes: {
    zh: '“包含”(LIKE) 条件最多 {max} 个：每个都要逐行比对，请改用“等于”或减少条件',
    en: 'at most {max} LIKE (contains) conditions: each one scans every row; use equals or fewer conditions',
  },
  orderBy: {
    zh: '排序应为“字段 [ASC|DESC]”，多个用逗号分隔',
    en: 'order is "column [ASC|DESC]", comma-separated',
  },
  collation: {
    zh: '排序规则只能是 {allowed}（如 collation=pinyin 按拼音排序），或不填',
    en: 'collation is one of {allowed} (collation=pinyin orders Chinese text by pinyin), or none',
  },
  listEmpty: { zh: '不能为空', en: 'must not be empty' },
  invalidKey: { zh: '主键格式不正确：{key}', en: 'invalid key: {key}' },
  noKey: { zh: '表 {name} 没有主键', en: 'table {name} has no primary key' },
  rowRulesUnsupported: {
    zh: '表 {name} 有行规则，此操作暂不支持按行规则过滤，已拒绝',
    en: 'table {name} has row rules this operation does not apply yet: it is refused',
  },
  viewAsReadOnly: {
    zh: '以其他用户身份只能查看，不能修改',
    en: 'viewing as another user is read-only',
  },
  viewAsNotAllowed: {
    zh: '只有可以设置表权限的用户才能以其他用户身份查看',
    en: 'only users who may set table permissions may view as another user',
  },
  viewAsLimited: {
    zh: '你自己对表 {name} 的查看受行规则或字段规则限制，不能以其他用户身份查看',
    en: 'your own view of table {name} is limited by row or column rules: you may not view it as another user',
  },
  viewAsBadUser: { zh: '用户编号不正确：{value}', en: 'not a user id: {value}' },
  rowOutsideRule: {
    zh: '记录超出了你的角色可操作（{action}）的范围',
    en: 'the record is outside what your roles may {action}',
  },
  readOnlyTable: { zh: '表 {name} 为只读表，不能修改', en: 'table {name} is read-only' },
  readOnlyRelated: {
    zh: '表 {name} 为只读表，不能通过关联新增、修改或删除其记录',
    en: 'table {name} is read-only: its records are not added, changed or deleted through a relation',
  },
  columnForbidden: { zh: '没有修改字段 {names} 的权限', en: 'you may not change {names}' },
  required: { zh: '不能为空', en: 'is required' },
  choiceUnknown: {
    zh: '{name} 的值 {value} 不在可选值中，可选值：{allowed}',
    en: '{value} is not an allowed value of {name}; allowed values: {allowed}',
  },
  choiceShape: {
    zh: '{name} 应为一个可选值（文本），可选值：{allowed}',
    en: '{name} takes one allowed value (text); allowed values: {allowed}',
  },
  choiceListShape: {
    zh: '{name} 应为可选值的列表（数组或逗号分隔的文本），可选值：{allowed}',
    en: '{name} takes a list of allowed values (an array or comma-separated text); allowed values: {allowed}',
  },
  badInteger: { zh: '应为 {min} 到 {max} 的整数', en: 'must be an integer from {min} to {max}' },
  badNumber: { zh: '应为数字', en: 'must be a number' },
  badDecimal: {
    zh: '应为最多 {integer} 位整数、{scale} 位小数的数字',
    en: 'must be a number with at most {integer} integer and {scale} fraction digits',
  },
  badBool: { zh: '应为 是/否（true/false）', en: 'must be yes or no (true/false)' },
  badDate: { zh: '应为日期 YYYY-MM-DD', en: 'must be a date YYYY-MM-DD' },
  badTime: { zh: '应为时间 HH:mm:ss', en: 'must be a time HH:mm:ss' },
  badDateTime: { zh: '应为日期时间 YYYY-MM-DD HH:mm:ss', en: 'must be a date-time YYYY-MM-DD HH:mm:ss' },
  tooLong: { zh: '长度不能超过 {max} 个字符', en: 'must have at most {max} characters' },
  valueTooLong: { zh: '内容过长', en: 'is too long' },
  tooManyBytes: { zh: '内容过长（最多 {max} 字节）', en: 'is too long (at most {max} bytes)' },
  nulChar: { zh: '不能包含空字符', en: 'must not contain NUL characters' },
  notScalar: { zh: '应为单个值', en: 'must be a single value' },
  notObject: { zh: '应为对象', en: 'must be an object' },
  notArray: { zh: '应为数组', en: 'must be an array' },
  nestedTooDeep: { zh: '子表嵌套过深', en: 'sub-tables nest too deeply' },
  notChild: {
    zh: '记录 {key} 不属于当前记录',
    en: 'record {key} does not belong to this record',
  },
  childrenLeftOut: {
    zh: '该记录有 {count} 条子记录，多于读取时附带的 {limit} 条；保存时缺少的子记录会被删除，因此拒绝保存。请列出全部子记录，或不提交此项并在子表 {table} 中增删改',
    en: 'this record has {count} child rows, more than the {limit} a read embeds; the rows a save leaves out would be deleted, so it is refused. List every row, or leave this field out and change the rows in the {table} table',
  },
  duplicate: { zh: '值已存在', en: 'already exists' },
  duplicateRecord: { zh: '记录已存在（{columns} 重复）', en: 'a record with this {columns} exists' },
  referenceMissing: {
    zh: '引用的记录不存在或仍被其他记录引用',
    en: 'a referenced record is missing, or the record is still referenced',
  },
  outOfRange: { zh: '超出字段范围', en: 'is out of range' },
  constraintFailed: { zh: '数据不符合表的约束', en: 'the data violates a constraint of the table' },
  badValue: FIELD_MESSAGES.badValue,
  narrowCharset: FIELD_MESSAGES.narrowCharset,
  valueNotListed: FIELD_MESSAGES.valueNotListed,
  badUuid: {
    zh: '应为 UUID，如 123e4567-e89b-12d3-a456-426614174000',
    en: 'must be a UUID such as 123e4567-e89b-12d3-a456-426614174000',
  },
  badJson: { zh: '应为合法的 JSON', en: 'must be valid JSON' },
  nativeNoRange: {
    zh: '字段 {name}（{type}）不能用 {operator} 比较大小',
    en: 'column {name} ({type}) has no order to test with {operator}',
  },
  nativeNoOrder: {
    zh: '字段 {name}（{type}）不能用于排序',
    en: 'column {name} ({type}) cannot be sorted on',
  },
  systemTableFromHook: {
    zh: '写入钩子不能直接写系统表 {name}',
    en: 'a write hook cannot write the system table {name}',
  },
  staleUpdate: {
    zh: '记录已被他人修改（{stored}），请刷新后重试',
    en: 'the record was changed by someone else ({stored}); reload it and try again',
  },
  noSoftDelete: {
    zh: '表 {name} 没有 isDeleted 字段，不能软删除',
    en: 'table {name} has no isDeleted column',
  },
  notInRecycleBin: {
    zh: '记录不在回收站中，无需恢复：{keys}',
    en: 'these records are not in the recycle bin, so there is nothing to restore: {keys}',
  },
  nothingToUpdate: {
    zh: '没有可修改的字段，记录未改变',
    en: 'no field of the request may be changed; the record was left as it was',
  },
  notUpdatable: {
    zh: '此字段不可修改',
    en: 'this field cannot be changed',
  },
  sequenceValue: {
    zh: '序列号的值 {value} 不适合该字段：{reason}',
    en: 'the sequence value {value} does not fit the column: {reason}',
  },
} as const satisfies Record<string, Localized>;

export type ItemsMessageKey = keyof typeof ITEMS_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const itemsMessage = (key: ItemsMessageKey, params: Params = {}): Localized => ({
  zh: format(ITEMS_MESSAGES[key], 'zh', params),
  en: format(ITEMS_MESSAGES[key], 'en', params),
});
