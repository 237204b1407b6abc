import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

/**
 * Whole-process tests (`npm start`, a release tarball): a process started in a process group of its own
 * (so a signal to the group reaches only it and its children), its output, and the checks that it
 * stopped cleanly: exit code, port closed, embedded PostgreSQL gone.
 */
export interface Started {
  child: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startGroup(command: string, args: string[], opts: { cwd: string; env: Record<string, string> }): Started {
  let out = '';
  // PATH and HOME for npm; nothing else from the test run (no DATABASE_URL, no VITEST settings).
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...opts.env };
  const child = spawn(command, args, { cwd: opts.cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, pid: child.pid!, output: () => out, exited };
}

export async function waitForReady(url: string, started: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`the process exited before answering:\n${started.output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${started.output()}`);
}

export async function exitWithin(started: Started, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
  return Promise.race([started.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);
}

export function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.on('connect', () => { socket.destroy(); resolve(false); });
    socket.on('error', () => resolve(true));
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster's pid from the data folder's postmaster.pid, if the file is there. */
export function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

/** Every process whose command line names this data folder (postgres and its workers). */
export function processesUsing(dataDir: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return ps.stdout.split('\n').filter((line) => line.includes(join(dataDir, 'pg')));
}

/** After a failed test: whatever is left of the group, and its database, is stopped so nothing leaks. */
export async function cleanUp(started: Started | undefined, dataDir: string): Promise<void> {
  if (started && started.child.exitCode === null && started.child.signalCode === null) {
    try { process.kill(-started.pid, 'SIGKILL'); } catch { /* gone */ }
  }
  const pgPid = postmasterPid(dataDir);
  if (pgPid && isAlive(pgPid)) {
    process.kill(pgPid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pgPid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}
