import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { businessPermission, type Principal } from '../../../contract/index';
import { menuFor } from '../auth/menu-for';
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

/** The signed-in user: GET /api/users/me, /me/menu, /me/table (API.md §1). */
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
};

export default userRoutes;
