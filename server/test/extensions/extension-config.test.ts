import { afterEach, describe, expect, it } from 'vitest';
import { defineExtensionConfig, defineServerExtension, Type } from '../../src/extensions/sdk';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const schema = Type.Object({
  URL: Type.String({ format: 'uri' }),
  TIMEOUT_MS: Type.Integer({ minimum: 1, default: 5000 }),
  DRY_RUN: Type.Optional(Type.Boolean()),
});

describe('defineExtensionConfig', () => {
  it('reads <prefix><KEY>, converts to the schema’s types and fills defaults', () => {
    const config = defineExtensionConfig(schema);
    expect(() => config.get()).toThrow('read before the server started');
    const values = config.load(
      { CRUDBOARD_EXT_MAIL_HOOK_URL: 'https://hooks.example.com/x', CRUDBOARD_EXT_MAIL_HOOK_DRY_RUN: 'true' },
      'mail-hook',
    );
    expect(values).toEqual({ URL: 'https://hooks.example.com/x', TIMEOUT_MS: 5000, DRY_RUN: true });
    expect(config.get()).toBe(values);
    const own = defineExtensionConfig(schema, { prefix: 'LEDGER_' });
    expect(own.load({ LEDGER_URL: 'http://l.example', LEDGER_TIMEOUT_MS: '250' }, 'ledger')).toEqual({
      URL: 'http://l.example',
      TIMEOUT_MS: 250,
    });
  });

  it('names every bad or missing variable, never its value', () => {
    const config = defineExtensionConfig(schema);
    const load = (env: Record<string, string>) => () => config.load(env, 'ledger');
    expect(load({})).toThrow('server extension "ledger": configuration: CRUDBOARD_EXT_LEDGER_URL is not set');
    let message = '';
    try {
      load({ CRUDBOARD_EXT_LEDGER_URL: 'not a url secret-token', CRUDBOARD_EXT_LEDGER_TIMEOUT_MS: '0' })();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('CRUDBOARD_EXT_LEDGER_URL must match format "uri"');
    expect(message).toContain('CRUDBOARD_EXT_LEDGER_TIMEOUT_MS must be >= 1');
    expect(message).not.toContain('secret-token');
    expect(() => config.get()).toThrow('read before the server started');
  });
});

const ledgerConfig = defineExtensionConfig(schema, { prefix: 'TEST_LEDGER_' });
const ledger = defineServerExtension({
  name: 'ledger',
  config: ledgerConfig,
  routes: async (app) => {
    app.get('/settings', async () => {
      const { URL, TIMEOUT_MS } = ledgerConfig.get();
      return { url: URL, timeoutMs: TIMEOUT_MS };
    });
  },
});

describeEachDatabase('an extension’s configuration at start ($name)', (db) => {
  const apps = useTestApps(db);
  afterEach(() => {
    delete process.env.TEST_LEDGER_URL;
    delete process.env.TEST_LEDGER_TIMEOUT_MS;
  });

  it('is read from the environment before routes run, and a bad value stops the start naming it', async () => {
    process.env.TEST_LEDGER_URL = 'no url';
    process.env.TEST_LEDGER_TIMEOUT_MS = 'soon';
    await expect(apps.build({ extensions: [ledger] })).rejects.toThrow(
      /configuration: .*TEST_LEDGER_URL must match format "uri".*TEST_LEDGER_TIMEOUT_MS must be integer/,
    );
    process.env.TEST_LEDGER_URL = 'https://ledger.example.com/hook';
    process.env.TEST_LEDGER_TIMEOUT_MS = '1500';
    const app = await apps.build({ extensions: [ledger] });
    const admin = apiClient(app, (await login(app)).cookie);
    const settings = await admin.get('/api/ext/ledger/settings');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({ url: 'https://ledger.example.com/hook', timeoutMs: 1500 });
  });
});
