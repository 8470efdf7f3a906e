import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { businessPermission, type Principal } from '../../../contract/index';
import { menuFor } from '../auth/menu-for';
import { hashPassword, verifyPassword } from '../auth/password';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { hashSessionToken } from '../auth/session-token';
import { dateTimeText } from '../db/clock';
import { SYSTEM } from '../db/table-names';
import { ApiException } from '../errors/api-exception';
import { securityMessage } from '../i18n/security-messages';
import { ChangePasswordBody } from '../schemas/auth';
import { endOtherSessions } from '../services/session-store';
import { auditOriginOf } from '../services/audit/audit-origin';
import { recordAuditIn } from '../services/audit/write-audit';
import { hasPermission, isSuperAdmin } from '../auth/permission';
import { principalOf } from '../plugins/session';
import { MenuItemSchema, PrincipalSchema } from '../schemas/auth';
import { errorResponses } from '../schemas/common';
import { TableSchema } from '../schemas/metadata';
import { listMenus } from '../services/menu-store';
import { listTables } from '../services/metadata-store';
import { loadColumnRules } from '../services/permissions/load-column-rules';
import { readableTables } from '../services/permissions/readable-tables';

const codesOf = (principal: Principal) => principal.authorities.map((a) => a.authority);

/** The signed-in user: GET /api/users/me, /me/menu, /me/table (docs/api.md §1) and PATCH /me/password. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    {
      config: { dataSource: false },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: PrincipalSchema, ...errorResponses },
      },
    },
    async (request) => principalOf(request),
  );

  app.get(
    '/me/menu',
    {
      config: { dataSource: false },
      schema: {
        tags: ['users'],
        summary: 'Menus the signed-in user may open',
        response: { 200: Type.Array(MenuItemSchema), ...errorResponses },
      },
    },
    async (request) => menuFor(codesOf(principalOf(request)), await listMenus(app.dataSources.primary.knex)),
  );

  app.get(
    '/me/table',
    {
      schema: {
        tags: ['users'],
        summary: 'Metadata of every table of the selected data source the user may read',
        response: { 200: Type.Array(TableSchema), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const codes = codesOf(principal);
      const { knex, name: dataSource } = request.dataSource;
      const tables = (await listTables(knex)).filter((table) =>
        hasPermission(codes, businessPermission(table.name, 'read', dataSource)),
      );
      if (isSuperAdmin(codes)) return tables;
      const rules = await loadColumnRules(
        app.dataSources.primary.knex,
        principal.roles.map((role) => role.id),
        dataSource,
      );
      return readableTables(tables, rules);
    },
  );

  app.patch(
    '/me/password',
    {
      config: { dataSource: false, sessionOnly: true },
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's password; ends the user's other sessions",
        security: [{ session: [] }],
        body: ChangePasswordBody,
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { oldPassword, password } = request.body;
      const knex = app.dataSources.primary.knex;
      const row: { password: unknown } | undefined = await knex(SYSTEM.user)
        .select('password')
        .where('id', principal.id)
        .first();
      if (!row || !(await verifyPassword(oldPassword, String(row.password)))) {
        const wrong = securityMessage('wrongOldPassword');
        throw new ApiException('VALIDATION_ERROR', wrong, { oldPassword: wrong });
      }
      const hash = await hashPassword(password);
      const token = request.cookies[SESSION_COOKIE];
      await knex.transaction(async (trx) => {
        await trx(SYSTEM.user)
          .where('id', principal.id)
          .update({ password: hash, lastModifiedDate: dateTimeText(new Date()) });
        await endOtherSessions(trx, principal.id, token ? hashSessionToken(token) : undefined);
        await recordAuditIn(trx, request.log, auditOriginOf(request), {
          action: 'passwordChange',
          detail: { userId: principal.id },
        });
      });
      return null;
    },
  );
};

export default userRoutes;
