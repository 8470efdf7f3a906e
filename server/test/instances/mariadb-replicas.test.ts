import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  mariadbInstalled,
  mariadbSkipNote,
  startMariadbReplica,
  type MariadbReplicaPair,
} from '../../../test-support/mariadb-replica';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { prepareReplicaUsers, replicaCases, replicaServerEnv, type ReplicaUsers } from './replica-cases';

/**
 * The replica applies every transaction this many seconds after the primary committed it
 * (`MASTER_DELAY`, counted from the event's whole-second timestamp: 2 to 3 s after the commit).
 */
const DELAY_SECONDS = 3;
const APPLY_DELAY_MS = DELAY_SECONDS * 1000;

describe.skipIf(!mariadbInstalled)(`MariaDB read replica${mariadbSkipNote}`, () => {
  let pair: MariadbReplicaPair;
  let server: ServerProcess;
  let dataDir: string;
  let users: ReplicaUsers;

  beforeAll(async () => {
    pair = await startMariadbReplica({ delaySeconds: DELAY_SECONDS });
    dataDir = mkdtempSync(join(tmpdir(), 'crudboard-mariadb-replicas-'));
    server = await startServerProcess(
      await freePort(),
      replicaServerEnv(dataDir, 'mysql', pair.primary.url(), pair.replica.url()),
    );
    users = await prepareReplicaUsers(server.url, APPLY_DELAY_MS);
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await pair?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  replicaCases(() => ({ ...users, applyDelayMs: APPLY_DELAY_MS, killReplica: () => pair.replica.kill() }));
});
