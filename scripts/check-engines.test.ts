import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enginesProblems } from './check-engines.mjs';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

describe('check-engines', () => {
  it('names a package (runtime or dev) whose engines.node leaves out our oldest Node', () => {
    const lock = {
      packages: {
        '': { engines: { node: '>=20' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/vite': { version: '8.3.8', dev: true, engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/a/node_modules/b': { version: '1.0.0', dev: true, engines: { node: '>=21' } },
        'node_modules/glob': { version: '14.0.6', engines: { node: '18 || 20 || >=22' } },
        'node_modules/no-engines': { version: '1.0.0' },
      },
    };
    const problems = enginesProblems(lock, '^20.19.0 || >=22.12.0');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('cookie@2.0.2');
    expect(problems[1]).toContain('b@1.0.0');
    expect(problems[1]).toContain('dev');
    expect(enginesProblems(lock, '>=22.12')).toHaveLength(0);
  });

  it('passes on this repository: package-lock.json fits package.json engines (cookie and content-disposition pinned for Node 20)', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Parameters<typeof enginesProblems>[0];
    expect(enginesProblems(lock, pkg.engines.node)).toEqual([]);
    const run = spawnSync(process.execPath, ['scripts/check-engines.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });
});
