import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './embedded.js';

// The newcomer's experience of `npm start`, process by process: first start, a second process on the
// same data folder, a crash (SIGKILL) and the restart after it. Real processes, real PostgreSQL.
const dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-startup-'));
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOTDESK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const waitFor = (pattern: RegExp, ms = 40_000) => new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (pattern.test(output)) { clearInterval(timer); resolve(output); }
    }, 100);
    setTimeout(() => { clearInterval(timer); reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`)); }, ms);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, waitFor, exited, output: () => output };
}

describe('npm start on the embedded database', () => {
  it('prints a setup link on first start, refuses a second process, and recovers after a crash', async () => {
    const first = start(await freePort());
    const out = await first.waitFor(/setup\?token=\S+/);
    const token = /setup\?token=(\S+)/.exec(out)![1]!;
    const port = Number(/localhost:(\d+)/.exec(out)![1]);
    const setup = await fetch(`http://127.0.0.1:${port}/auth/setup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, email: 'first@example.org', fullName: 'First Admin', password: 'a long password' }),
    });
    expect(setup.status).toBe(200);

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Hotdesk');
    expect(second.output()).toContain(dataDir);

    // Crash: the app dies without stopping its database, which keeps running as an orphan.
    const ownerPid = Number(readFileSync(join(dataDir, 'hotdesk.pid'), 'utf8'));
    process.kill(ownerPid, 'SIGKILL');
    await first.exited;

    const third = start(await freePort());
    const restarted = await third.waitFor(/Sign in at \S+/);
    expect(restarted).toContain('left running by a Hotdesk that did not shut down cleanly');
    const port3 = Number(/localhost:(\d+)/.exec(restarted)![1]);
    const login = await fetch(`http://127.0.0.1:${port3}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.org', password: 'a long password' }),
    });
    expect(login.status).toBe(200); // the admin created before the crash is still there

    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(third.output()).toContain('Stopped.');
  }, 120_000);
});
