import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ExtensionPermissionCode } from '../../../contract/permissions';
import type { ServerExtension } from '../extensions/define-server-extension';
import { errorResponses } from '../schemas/common';

const ExtensionPermissionSchema = Type.Object({
  code: Type.String({ description: '`ext:<extension>:<verb>`' }),
  label: Type.Object({ 'zh-CN': Type.String(), 'en-US': Type.String() }),
});

/**
 * /api/permissions: the permission codes the server's extensions declare, for the role editor
 * (docs/api.md §6); any signed-in user may read them (they are names, not rights).
 */
const permissionCodeRoutes: FastifyPluginAsyncTypebox<{ extensions: readonly ServerExtension[] }> = async (
  app,
  { extensions },
) => {
  const codes: ExtensionPermissionCode[] = extensions.flatMap((extension) =>
    (extension.permissions ?? []).map(({ code, label }) => ({ code, label })),
  );
  app.get(
    '/extensions',
    {
      config: { dataSource: false },
      schema: {
        tags: ['users'],
        summary: "The server extensions' own permission codes with their labels, for the role editor",
        response: { 200: Type.Array(ExtensionPermissionSchema), ...errorResponses },
      },
    },
    async () => codes,
  );
};

export default permissionCodeRoutes;
