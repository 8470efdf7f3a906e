import { buildApp } from './app';
import type { CreatedAdmin } from './db/ensure-super-admin';
import { isRefusedStartupOption, REFUSED_STARTUP_OPTION_HINT } from './db/pg-session-check';
import { loadConfigOrExit } from './load-config-or-exit';
import { createReadableDestination, logFormatFor } from './log-destination';

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
  const rule = '='.repeat(72);
  console.log(
    [
      '',
      rule,
      `  Created the account "${admin.username}". Its generated password is shown this once:`,
      '',
      `      ${admin.generatedPassword}`,
      '',
      '  Keep it somewhere safe. Lost it? Stop crudboard and run: npm run reset-password',
      rule,
      '',
    ].join('\n'),
  );
};

const loggerOptions = () => {
  const level = process.env.LOG_LEVEL ?? 'info';
  if (logFormatFor(process.env.LOG_FORMAT, process.stdout.isTTY) === 'json') return { level };
  const stream = createReadableDestination((text) => process.stdout.write(text), {
    colorize: process.stdout.hasColors?.() ?? false,
  });
  return { level, stream };
};

const main = async () => {
  const config = loadConfigOrExit();

  let createdAdmin: CreatedAdmin | undefined;
  const app = await buildApp(config, {
    logger: loggerOptions(),
    onAdminCreated: (admin) => (createdAdmin = admin),
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      console.error(`crudboard: ${signal} again, exiting now`);
      process.exit(1);
    }
    closing = true;
    // Out of rotation at once; requests keep being served while the load balancer notices.
    app.readiness.markClosing();
    const drainMs = config.http.shutdownDrainMs;
    app.log.info({ signal, drainMs }, 'shutting down: /api/ready answers 503 now');
    const close = async () => {
      if (drainMs > 0) await new Promise((wait) => setTimeout(wait, drainMs));
      app.log.info('shutting down: finishing requests, closing database pools');
      // Stops listening, waits for the requests in flight, then ends timers and database pools.
      await app.close();
    };
    close().then(
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
  // Last, so that the one-time password is the latest thing on the screen at start.
  if (createdAdmin) announceAdmin(createdAdmin);
};

main().catch((error: unknown) => {
  console.error('crudboard: failed to start:', error instanceof Error ? error.message : error);
  if (isRefusedStartupOption(error)) console.error(`crudboard: ${REFUSED_STARTUP_OPTION_HINT}`);
  process.exit(1);
});
