import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import { Type } from 'typebox';
import { AUDIT_READ } from '../../../contract/audit';
import { hasPermission, isSuperAdmin } from '../auth/permission';
import { ApiException } from '../errors/api-exception';
import { auditMessage } from '../i18n/audit-messages';
import { languageOf } from '../i18n/messages';
import { principalOf } from '../plugins/session';
import { AuditCountQuery, AuditEntrySchema, AuditListQuery } from '../schemas/audit';
import { errorResponses } from '../schemas/common';
import { parseAuditQuery } from '../services/audit/audit-filter';
import { AUDIT_EXPORT_COLUMNS, auditExportRow } from '../services/audit/export-audit';
import { loadHiddenColumnTables } from '../services/audit/load-hidden-column-tables';
import { auditBatches, countAudit, readAudit } from '../services/audit/read-audit';
import { redactAuditEntry, type HiddenColumnTables } from '../services/audit/redact-audit';
import { exportFileName } from '../services/export/export-file-name';
import { writeXlsx } from '../services/export/write-xlsx';

const tags = ['audit'];

/**
 * /api/audit (docs/api.md §8, audit log): the entries newest first, their count and an .xlsx of
 * them, all with the same `filter`; only for holders of `audit:read`. There is no route that
 * writes: the server appends entries itself. A refused read is itself recorded.
 */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const primary = app.dataSources.primary;

  /** What the reader's column rules hide (nothing for the super admin), for `redactAuditEntry`. */
  const hiddenFor = (request: FastifyRequest): Promise<HiddenColumnTables> => {
    const principal = principalOf(request);
    const codes = principal.authorities.map((authority) => authority.authority);
    return isSuperAdmin(codes)
      ? Promise.resolve(new Map())
      : loadHiddenColumnTables(
          app.dataSources,
          principal.roles.map((role) => role.id),
        );
  };

  app.addHook('onRequest', async (request) => {
    const principal = principalOf(request);
    const codes = principal.authorities.map((authority) => authority.authority);
    if (hasPermission(codes, AUDIT_READ)) return;
    await app.audit.record(request, {
      action: 'refused',
      detail: { method: request.method, url: request.url.slice(0, 500), permission: AUDIT_READ },
    });
    throw new ApiException('FORBIDDEN');
  });

  app.get(
    '',
    {
      config: { dataSource: false },
      schema: {
        tags,
        summary: 'Audit log entries, newest first',
        querystring: AuditListQuery,
        response: { 200: Type.Array(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const condition = parseAuditQuery(request.query);
      const hidden = await hiddenFor(request);
      const entries = await readAudit(primary.reads, primary.client, condition, request.query);
      return entries.map((entry) => redactAuditEntry(entry, hidden));
    },
  );

  app.get(
    '/count',
    {
      config: { dataSource: false },
      schema: {
        tags,
        summary: 'How many audit log entries the filter keeps',
        querystring: AuditCountQuery,
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => countAudit(primary.reads, primary.client, parseAuditQuery(request.query)),
  );

  app.post(
    '/export',
    {
      config: { dataSource: false },
      schema: {
        tags,
        summary: 'Exports the entries the filter keeps to .xlsx, newest first; answers the download URL',
        querystring: AuditCountQuery,
        response: { 201: Type.String(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const condition = parseAuditQuery(request.query);
      const hidden = await hiddenFor(request);
      const lang = languageOf(request.headers['accept-language']);
      const title = auditMessage('sheetName')[lang];
      const { path, url } = await app.downloads.reserve(
        'xlsx',
        principalOf(request).id,
        exportFileName(title, 'xlsx', new Date()),
      );
      const rows = async function* () {
        for await (const batch of auditBatches(primary.reads, primary.client, condition))
          yield batch.map((entry) => auditExportRow(redactAuditEntry(entry, hidden)));
      };
      try {
        await writeXlsx(
          path,
          title,
          AUDIT_EXPORT_COLUMNS.map((column) => column.header[lang]),
          rows(),
          AUDIT_EXPORT_COLUMNS.map((column) => column.cell),
        );
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return reply.code(201).type('text/plain; charset=utf-8').send(url);
    },
  );
};

export default auditRoutes;
