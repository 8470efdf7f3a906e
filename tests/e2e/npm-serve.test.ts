import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/start-server';

const repoRoot = resolve(import.meta.dirname, '../..');

const answers = async (url: string): Promise<boolean> => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

const until = async (check: () => Promise<boolean>, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

describe('the server as npm runs it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-npm-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the generated password last, and stops when the npm process gets SIGTERM', async () => {
    const port = await freePort();
    let out = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    };
    delete env.ADMIN_PASSWORD;
    delete env.DATA_SOURCES;
    const npm = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const url = `http://127.0.0.1:${port}/api/metadata/dataSources`;
    expect(await until(() => answers(url), 60_000)).toBe(true);

    const announcement = out.slice(out.indexOf('crudboard is running'));
    expect(announcement).toMatch(/generated password is shown this once:\s+[A-Za-z0-9_-]{24}\s/);
    expect(announcement).toContain('npm run reset-password');
    // Not a terminal: one JSON object per log line.
    expect(out).toMatch(/^\{"level":30,/m);

    const exited = new Promise<void>((r) => npm.once('exit', () => r()));
    npm.kill('SIGTERM');
    await exited;
    expect(await until(async () => !(await answers(url)), 10_000)).toBe(true);
  });
});
