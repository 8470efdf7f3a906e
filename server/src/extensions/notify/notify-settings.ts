import { defineExtensionConfig, Type } from '../sdk';

/**
 * The notification's settings, environment variables `CRUDBOARD_EXT_NOTIFY_<KEY>` read at start:
 * `URL` where to POST (unset: the extension stays idle), `TABLES` which tables' changes to send
 * (a comma list of metadata table names, or `*`; empty: none), `SECRET` to sign each body with
 * (`X-Crudboard-Signature`, as crudboard's webhooks do), `TIMEOUT_MS` for each call.
 */
export const notifySettings = defineExtensionConfig(
  Type.Object({
    URL: Type.Optional(
      Type.String({
        format: 'uri',
        // http(s) only, and no user or password before the host (sign with SECRET instead)
        pattern: '^https?://[^/?#@]+(?:[/?#].*)?$',
        description: 'the receiver; a user or password in it is refused',
      }),
    ),
    TABLES: Type.String({ default: '' }),
    SECRET: Type.Optional(Type.String({ minLength: 1 })),
    TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5000 }),
  }),
);

export type NotifySettings = ReturnType<typeof notifySettings.get>;
