import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { CreatedAdmin } from './db/ensure-super-admin';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

const displayHost = (host: string) => {
  if (LOOPBACK.has(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
};

const announceAdmin = (admin: CreatedAdmin) => {
  if (admin.generatedPassword === undefined) {
    console.log(`Created the account "${admin.username}" with the password from ADMIN_PASSWORD.`);
    return;
  }
  console.log(
    [
      '',
      `Created the account "${admin.username}". Its generated password is shown this once:`,
      '',
      `    ${admin.generatedPassword}`,
      '',
      'Keep it somewhere safe, or set ADMIN_PASSWORD before the first start next time.',
      '',
    ].join('\n'),
  );
};

const main = async () => {
  let config;
  try {
    config = loadConfig(process.env, process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`crudboard: invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, {
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    onAdminCreated: announceAdmin,
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      console.error(`crudboard: ${signal} again, exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, closing database pools');
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`crudboard is running: http://${displayHost(config.host)}:${port}/crudboard/`);
};

main().catch((error: unknown) => {
  console.error('crudboard: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
