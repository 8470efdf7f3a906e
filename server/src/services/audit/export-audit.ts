import type { AuditEntry } from '../../../../contract/audit';
import { dateTimeText } from '../../db/clock';
import type { ExportValue } from '../export/export-value';
import type { XlsxCellKind } from '../export/xlsx-cell-kind';

/** The columns of an audit export: header captions by language and each column's cell kind. */
export const AUDIT_EXPORT_COLUMNS: readonly {
  header: { zh: string; en: string };
  cell: XlsxCellKind;
  value: (entry: AuditEntry) => ExportValue;
}[] = [
  {
    header: { zh: '时间', en: 'Time' },
    cell: { kind: 'datetime' },
    value: (e) => dateTimeText(new Date(e.time)),
  },
  { header: { zh: '用户编号', en: 'User id' }, cell: { kind: 'number' }, value: (e) => e.user.id },
  { header: { zh: '用户', en: 'User' }, cell: { kind: 'text' }, value: (e) => e.user.name },
  { header: { zh: '操作', en: 'Action' }, cell: { kind: 'text' }, value: (e) => e.action },
  { header: { zh: '数据源', en: 'Data source' }, cell: { kind: 'text' }, value: (e) => e.dataSource },
  { header: { zh: '表', en: 'Table' }, cell: { kind: 'text' }, value: (e) => e.table },
  { header: { zh: '详情', en: 'Detail' }, cell: { kind: 'text' }, value: (e) => JSON.stringify(e.detail) },
  { header: { zh: '请求编号', en: 'Request id' }, cell: { kind: 'text' }, value: (e) => e.requestId },
  { header: { zh: '地址', en: 'Address' }, cell: { kind: 'text' }, value: (e) => e.address },
  { header: { zh: '客户端', en: 'User agent' }, cell: { kind: 'text' }, value: (e) => e.userAgent },
];

/** One entry as a row of the export. */
export const auditExportRow = (entry: AuditEntry): ExportValue[] =>
  AUDIT_EXPORT_COLUMNS.map((column) => column.value(entry));
