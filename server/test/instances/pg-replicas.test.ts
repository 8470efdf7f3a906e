import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  pgServerInstalled,
  pgServerSkipNote,
  startPgPair,
  type PgPair,
} from '../../../test-support/pg-standby';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { prepareReplicaUsers, replicaCases, replicaServerEnv, type ReplicaUsers } from './replica-cases';

/** The replica replays every commit this late (`recovery_min_apply_delay`), so that reading it is seen. */
const APPLY_DELAY_MS = 2500;

describe.skipIf(!pgServerInstalled)(`PostgreSQL read replica${pgServerSkipNote}`, () => {
  let pair: PgPair;
  let server: ServerProcess;
  let dataDir: string;
  let users: ReplicaUsers;

  beforeAll(async () => {
    pair = await startPgPair({ synchronous: false, applyDelayMs: APPLY_DELAY_MS });
    dataDir = mkdtempSync(join(tmpdir(), 'crudboard-replica-'));
    server = await startServerProcess(
      await freePort(),
      replicaServerEnv(dataDir, 'pg', pair.primary.url, pair.standby.url),
    );
    users = await prepareReplicaUsers(server.url, APPLY_DELAY_MS);
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await pair?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  replicaCases(() => ({ ...users, applyDelayMs: APPLY_DELAY_MS, killReplica: () => pair.standby.kill() }));
});
