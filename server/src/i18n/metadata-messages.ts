import { format, type Localized, type Params } from './messages';

/** Messages of the table designer and sequences (docs/api.md §2.1, §2.2), Chinese and English. */
export const METADATA_MESSAGES = {
  required: { zh: '不能为空', en: 'is required' },
  namePattern: {
    zh: '只能包含字母、数字和下划线，不能以数字开头，最长 64 个字符',
    en: 'may contain only letters, digits and underscores, must not start with a digit, at most 64 characters',
  },
  nameReserved: {
    zh: '{name} 是数据库保留字，不能用作名称',
    en: '{name} is a reserved word of a supported database',
  },
  nameTooLong: { zh: '数据库对象名称最长 {max} 个字符', en: 'a database name has at most {max} characters' },
  nameReservedPrefix: {
    zh: '不能以 cb_ 开头（crudboard 保留）',
    en: 'must not start with cb_ (reserved by crudboard)',
  },
  nameCatalog: {
    zh: '{name} 与数据库的系统表同名或同前缀（pg_、sqlite_ 等），不能使用',
    en: '{name} shadows a table or schema of the database itself (pg_, sqlite_ …)',
  },
  nameRoute: {
    zh: '{name} 是接口路径保留字，不能用作表名',
    en: '{name} is a word of the API paths and cannot name a table',
  },
  nameDuplicate: { zh: '名称 {name} 重复（不区分大小写）', en: '{name} is used twice (names ignore case)' },
  nameTaken: { zh: '{name} 已被表 {table} 使用', en: '{name} is already used by table {table}' },
  physicalTableExists: {
    zh: '数据库中已存在表 {name}，如需管理它请使用数据库逆向',
    en: 'the database already has a table {name}; reverse-engineer it to manage it',
  },
  physicalTableMissing: { zh: '数据库中不存在表 {name}', en: 'the database has no table {name}' },
  tableChangedMeanwhile: {
    zh: '表 {name} 在您读取后已被修改，请重新加载后再保存',
    en: 'table {name} was changed after you read it; reload it and save again',
  },
  columnsRequired: { zh: '至少需要一个字段', en: 'at least one column is required' },
  lengthInvalid: { zh: '长度应为 {min} 到 {max} 的整数', en: 'must be an integer from {min} to {max}' },
  precisionInvalid: { zh: '精度应为 1 到 65 的整数', en: 'must be an integer from 1 to 65' },
  scaleInvalid: { zh: '小数位应为 0 到 {max} 的整数', en: 'must be an integer from 0 to {max}' },
  unsignedNotInteger: { zh: '只有整数类型可以设为无符号', en: 'only integer types can be unsigned' },
  defaultInvalid: {
    zh: '字段 {column} 的默认值 {value} 不符合类型 {expected}',
    en: 'the default {value} of column {column} is not a valid {expected}',
  },
  defaultNotAllowed: {
    zh: '字段 {column} 的类型 {type} 不能设置默认值',
    en: 'column {column} of type {type} takes no default',
  },
  defaultWithAutoIncrement: {
    zh: '自增长字段不能设置默认值',
    en: 'an auto-increment column takes no default',
  },
  primaryMissing: {
    zh: '需要一个主键：一个索引类型为主键的字段，或一个主键类型的联合索引',
    en: 'a primary key is required: one column with index type PRIMARY, or one PRIMARY composite index',
  },
  primaryDuplicate: { zh: '主键个数不能超过一个', en: 'a table has at most one primary key' },
  primaryNullable: {
    zh: '主键字段不能为空值（nullable 必须为 false）',
    en: 'a primary key column cannot be nullable',
  },
  primaryChange: {
    zh: '已有表的主键不能修改（包括主键字段的类型和自增长）',
    en: 'the primary key of an existing table cannot change (nor its columns’ type or auto-increment)',
  },
  autoIncrementInvalid: {
    zh: '自增长字段必须是 INT 或 BIGINT 类型的主键',
    en: 'an auto-increment column must be the INT or BIGINT primary key',
  },
  fullTextType: {
    zh: '全文索引只能建在 CHAR、VARCHAR、TEXT、LONGTEXT 字段上',
    en: 'FULLTEXT applies to CHAR, VARCHAR, TEXT and LONGTEXT columns',
  },
  fullTextSingle: { zh: '一个表最多一个全文索引字段', en: 'a table has at most one FULLTEXT column' },
  indexOnText: {
    zh: 'TEXT、LONGTEXT 字段不能建普通或唯一索引，请改用 VARCHAR',
    en: 'TEXT and LONGTEXT columns cannot have a unique or plain index; use VARCHAR',
  },
  indexTooLong: {
    zh: '索引字段总长度超过 {max} 个字符',
    en: 'the indexed columns are longer than {max} characters in total',
  },
  indexLinesRequired: { zh: '索引至少包含一个字段', en: 'an index needs at least one column' },
  indexColumnUnknown: { zh: '表中没有字段 {name}', en: 'the table has no column {name}' },
  indexColumnDuplicate: { zh: '字段 {name} 在索引中重复', en: 'column {name} appears twice in the index' },
  sequenceUnknown: { zh: '序列号 {id} 不存在', en: 'there is no sequence {id}' },
  sequenceTypeMismatch: {
    zh: '{type} 类型的序列号不能用于 {dataType} 字段',
    en: 'a {type} sequence cannot fill a {dataType} column',
  },
  engineInvalid: { zh: '存储引擎只能是 InnoDB 或 MyISAM', en: 'the engine must be InnoDB or MyISAM' },
  titleColumnUnknown: {
    zh: '标题字段 {name} 不是本表的字段',
    en: 'the title column {name} is not a column of this table',
  },
  viewSchemaChange: {
    zh: '{name} 是数据库中的视图：它的字段和索引由视图的查询决定，不能在这里修改',
    en: '{name} is a view of the database: its columns and indexes follow its query and cannot be changed here',
  },
  viewDrop: {
    zh: '{name} 是数据库中的视图：只能删除它的元数据，视图本身请在数据库中删除',
    en: '{name} is a view of the database: only its metadata can be deleted here; drop the view in the database',
  },
  historyModeInvalid: {
    zh: '历史记录设置 {mode} 无效：只能是 on（开启）、off（关闭）、days（保留 N 天）或 revisions（每条记录保留 N 个版本）',
    en: 'the history setting {mode} is not valid: it must be on, off, days (keep N days) or revisions (keep N revisions per record)',
  },
  historyKeepDays: {
    zh: '保留天数必须是 1 到 {max} 之间的整数（收到 {value}）',
    en: 'the days to keep must be a whole number from 1 to {max} (got {value})',
  },
  historyKeepRevisions: {
    zh: '每条记录保留的版本数必须是 1 到 {max} 之间的整数（收到 {value}）',
    en: 'the revisions kept per record must be a whole number from 1 to {max} (got {value})',
  },
  titleColumnPassword: { zh: '密码字段不能作为标题字段', en: 'a password column cannot be the title column' },
  columnIdUnknown: { zh: '表中没有 id 为 {id} 的字段', en: 'the table has no column with id {id}' },
  indexIdUnknown: {
    zh: '表中没有 id 为 {id} 的联合索引',
    en: 'the table has no composite index with id {id}',
  },
  columnInIndex: {
    zh: '字段 {column} 被联合索引 {index} 使用，请先修改索引',
    en: 'column {column} is used by composite index {index}; change the index first',
  },
  systemColumnChange: {
    zh: '系统表的字段不能删除、改名或修改类型',
    en: 'the columns of a system table cannot be dropped, renamed or retyped',
  },
  dataLoss: {
    zh: '修改会丢失以下字段的数据：{columns}。确认丢失数据请加参数 confirmDataLoss=true 重新提交',
    en: 'This change would lose data in: {columns}. Repeat it with confirmDataLoss=true to accept the loss',
  },
  lossTooLong: { zh: '{count} 行的值超过新长度 {limit}', en: '{count} rows hold values longer than {limit}' },
  lossOutOfRange: {
    zh: '{count} 行的值超出新类型的范围',
    en: '{count} rows hold values outside the new type’s range',
  },
  lossNotConvertible: {
    zh: '{count} 行的值不能转换为 {type}',
    en: '{count} rows hold values that cannot be converted to {type}',
  },
  lossFraction: {
    zh: '{count} 行的值的小数部分会被舍去',
    en: '{count} rows hold values whose fraction would be cut',
  },
  lossTimePart: {
    zh: '{count} 行的值的时间部分会被舍去',
    en: '{count} rows hold values whose time of day would be cut',
  },
  lossNulls: {
    zh: '{count} 行为空值，改为非空且没有默认值',
    en: '{count} rows are NULL and the column becomes NOT NULL without a default',
  },
  lossRowsWithoutValue: {
    zh: '表中已有 {count} 行，新增的非空字段没有默认值',
    en: 'the table has {count} rows and the new NOT NULL column has no default',
  },
  lossDrop: {
    zh: '删除字段会丢失 {count} 行的值',
    en: 'dropping the column loses the values of {count} rows',
  },
  uniqueConflict: {
    zh: '现有数据有重复值，不能建立唯一索引：{columns}',
    en: 'The existing data has duplicate values, so the unique index cannot be built: {columns}',
  },
  lossDuplicates: {
    zh: '{count} 组重复值，不能建唯一索引',
    en: '{count} groups of duplicate values prevent the unique index',
  },
  systemTableDelete: {
    zh: '系统表不能删除，至少选择一个非系统表！',
    en: 'System tables cannot be deleted; select at least one other table',
  },
  tableReferenced: {
    zh: '表 {name} 被表 {by} 的外键引用，不能删除物理表',
    en: 'table {name} is referenced by foreign keys of {by}; the physical table cannot be dropped',
  },
  sequenceRange: { zh: '最小值不能大于最大值', en: 'must not be greater than maxValue' },
  sequenceNextRange: { zh: '下一个值应在最小值和最大值之间', en: 'must lie between minValue and maxValue' },
  sequenceIncrement: { zh: '步长应为正整数', en: 'must be a positive integer' },
  sequenceNumber: {
    zh: '应为 -9007199254740991 到 9007199254740991 之间的整数',
    en: 'must be an integer from -9007199254740991 to 9007199254740991',
  },
  sequenceCounterFormat: {
    zh: '格式应包含一个 %d 占位符（可写作 %05d），% 本身写作 %%',
    en: 'the format needs one %d placeholder (e.g. %05d); write a literal % as %%',
  },
  sequenceTimeFormat: {
    zh: '时间格式只能使用 yyyy MM dd HH mm ss SSS 等字母，其他文字用单引号括起',
    en: 'a time format uses the letters yyyy MM dd HH mm ss SSS; quote other text with single quotes',
  },
  sequenceInUse: {
    zh: '序列号 {name} 正被字段使用，不能删除',
    en: 'sequence {name} is used by a column and cannot be deleted',
  },
  sequenceExhausted: {
    zh: '序列号 {name} 已超过最大值 {max}',
    en: 'sequence {name} has passed its maxValue {max}',
  },
  rowCountOwned: {
    zh: '表 {name} 由 crudboard 创建，它的行数总是被保持着',
    en: 'table {name} was made by crudboard: its row count is always kept',
  },
  rowCountCheap: {
    zh: '此数据库数一遍表很快，不需要保持行数',
    en: 'this database counts a table quickly: no count needs keeping',
  },
  rowCountView: { zh: '{name} 是视图，不能保持行数', en: '{name} is a view: its row count cannot be kept' },
  rowCountEngine: {
    zh: '表 {name} 不是 InnoDB 表：它的引擎自己就记着行数，不需要保持',
    en: 'table {name} is not an InnoDB table: its engine knows its row count already',
  },
  rowCountCascade: {
    zh: '表 {name} 的记录会被外键级联删除（级联删除不触发触发器），行数无法保持准确',
    en: 'rows of table {name} can be deleted by a foreign-key cascade, which fires no trigger: its count cannot be kept exact',
  },
  rowCountPrivilege: {
    zh: '数据库账号无权在表 {name} 上建触发器（MySQL 开启 binlog 时还需要 log_bin_trust_function_creators）',
    en: 'the database account may not create triggers on table {name} (MySQL with binary logging also needs log_bin_trust_function_creators)',
  },
  searchNeedsTrgm: {
    zh: '搜索索引需要 PostgreSQL 的 pg_trgm 扩展，而数据库账号无权安装它（{reason}）。请数据库管理员在该数据库中执行 CREATE EXTENSION pg_trgm，或去掉搜索索引',
    en: "a search index needs PostgreSQL's pg_trgm extension, which the database account may not install ({reason}); have a database administrator run CREATE EXTENSION pg_trgm in this database, or leave the search index out",
  },
  tableOutOfStep: {
    zh: '表 {name} 的设计与数据库中的表不一致（一次结构修改没有完成，正在修复）。请稍后再试，或在表设计器中打开它修复',
    en: "table {name}'s design is out of step with its database table (a schema change did not finish and is being repaired); try again shortly, or open it in the table designer to repair it",
  },
  someTableOutOfStep: {
    zh: '一个表的设计与数据库中的表不一致（一次结构修改没有完成，正在修复）。请稍后再试，或在表设计器中打开它修复',
    en: "a table's design is out of step with its database table (a schema change did not finish and is being repaired); try again shortly, or open it in the table designer to repair it",
  },
  schemaRepairFailed: {
    zh: '表 {name} 上一次没有完成的结构修改既无法完成也无法撤销：{reason}',
    en: 'the unfinished schema change of table {name} could be neither finished nor taken back: {reason}',
  },
  choiceEmpty: { zh: '选项不能为空', en: 'a choice column needs at least one option' },
  choiceTooMany: { zh: '选项最多 {max} 个', en: 'at most {max} options' },
  choiceBlankValue: { zh: '选项的值不能为空', en: 'an option value must not be blank' },
  choiceValueTooLong: {
    zh: '选项值 {value} 过长（最多 {max} 个字符）',
    en: 'option value {value} is too long (at most {max} characters)',
  },
  choiceDuplicate: { zh: '选项值 {value} 重复', en: 'option value {value} is given twice' },
  choiceSeparator: {
    zh: '多选字段的选项值 {value} 不能包含逗号（逗号分隔所选的值）',
    en: 'option value {value} of a multiple choice column must not contain a comma (commas separate the chosen values)',
  },
  choiceColor: {
    zh: '颜色 {value} 无效：应为 #rrggbb 或 {names} 之一',
    en: 'colour {value} is not valid: use #rrggbb or one of {names}',
  },
  choiceNotText: {
    zh: '只有文本类型（CHAR、VARCHAR、TEXT、LONGTEXT）的字段可以设置选项',
    en: 'only text columns (CHAR, VARCHAR, TEXT, LONGTEXT) may have options',
  },
  choiceLength: {
    zh: '字段长度 {length} 放不下选项（需要 {need} 个字符）',
    en: 'the column length {length} cannot hold the options (they need {need} characters)',
  },
  choiceDefault: {
    zh: '默认值 {value} 不在选项中（可选值：{allowed}）',
    en: 'default value {value} is not one of the options ({allowed})',
  },
} as const satisfies Record<string, Localized>;

export type MetadataMessageKey = keyof typeof METADATA_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const metadataMessage = (key: MetadataMessageKey, params: Params = {}): Localized => ({
  zh: format(METADATA_MESSAGES[key], 'zh', params),
  en: format(METADATA_MESSAGES[key], 'en', params),
});
