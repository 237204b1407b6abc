import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.js';
import {
  cleanUp, exitWithin, isAlive, portIsClosed, postmasterPid, processesUsing, startGroup, waitForReady, type Started,
} from './testing/processes.js';

// `npm start` as an operator or a service manager runs it: npm's own PID gets SIGTERM (systemd's
// KillMode=mixed, `kill <pid>`, a container runtime), or the whole group gets SIGINT (Ctrl+C). Either
// must stop the app and its embedded PostgreSQL cleanly and end npm with code 0. Before issue 19 npm
// ran `sh -c "... && tsx src/server/main.ts"`: a SIGTERM to npm never reached the app, npm died of the
// signal, and the app and PostgreSQL were left running.

const REPO = join(import.meta.dirname, '..', '..');
let dataDir = '';
let started: Started | undefined;

beforeAll(() => {
  // Built once here (and only when stale) so each case times the start, not the build.
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: REPO, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
}, 600_000);

afterEach(async () => {
  await cleanUp(started, dataDir);
  started = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function startHotdesk(env: Record<string, string> = {}): Promise<{ port: number }> {
  dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-signals-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  started = startGroup('npm', ['start'], {
    cwd: REPO,
    env: { PORT: String(port), HOST: '127.0.0.1', HOTDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  await waitForReady(`http://127.0.0.1:${port}/readyz`, started, 150_000);
  return { port };
}

async function expectStoppedCleanly(port: number, pgPid: number): Promise<void> {
  const exit = await exitWithin(started!, 30_000);
  expect(exit, started!.output()).toEqual({ code: 0, signal: null });
  expect(started!.output()).toContain('Stopped.');
  expect(await portIsClosed(port)).toBe(true);
  expect(postmasterPid(dataDir)).toBeUndefined(); // PostgreSQL removes it when it shuts down
  expect(isAlive(pgPid)).toBe(false);
  expect(processesUsing(dataDir)).toEqual([]);
}

/** The processes of npm start's group, one `pid args` line each. */
const groupListing = () => spawnSync('ps', ['-o', 'pid=,args=', '-g', String(started!.pid)], { encoding: 'utf8' }).stdout;

/** The environment of the node process running the app in npm start's group. */
function appEnvironment(listing = groupListing()): string[] {
  const appPid = /^\s*(\d+) node .*dist\/server\/main\.js/m.exec(listing)?.[1];
  expect(appPid, listing).toBeDefined();
  return readFileSync(`/proc/${appPid}/environ`, 'utf8').split('\0');
}

describe('npm start runs the compiled server and stops on signals', () => {
  it('SIGTERM to the PID of npm start stops the app and its embedded PostgreSQL; npm exits 0', async () => {
    const { port } = await startHotdesk();
    const pgPid = postmasterPid(dataDir)!;
    expect(isAlive(pgPid)).toBe(true);
    const tree = groupListing();
    expect(appEnvironment(tree)).toContain('MALLOC_ARENA_MAX=2'); // npm start's default (package.json: memory at rest)

    process.kill(started!.pid, 'SIGTERM');
    await expectStoppedCleanly(port, pgPid);
    // What ran was node on the compiled JavaScript (exec'd by npm's shell), not tsx.
    expect(tree).toMatch(/node (--\S+ )*dist\/server\/main\.js/); // with package.json's node flags (memory)
    expect(tree).not.toMatch(/tsx|sh -c/);
  }, 240_000);

  it('SIGINT to the whole process group (Ctrl+C) stops everything; npm exits 0', async () => {
    const { port } = await startHotdesk({ MALLOC_ARENA_MAX: '4' });
    const pgPid = postmasterPid(dataDir)!;
    expect(appEnvironment()).toContain('MALLOC_ARENA_MAX=4'); // the operator's own setting wins over npm start's
    process.kill(-started!.pid, 'SIGINT');
    await expectStoppedCleanly(port, pgPid);
  }, 240_000);
});
