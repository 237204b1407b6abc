import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEnvWord, parseStartScript } from './startCommand.mjs';

describe('parseStartScript', () => {
  it("reads package.json's start line: without its build step, the environment's defaults, the node flags", () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    const start = parseStartScript('start', scripts.start!);
    expect(start.command).toMatch(/^MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-2\} exec node /);
    expect(start.env).toEqual(['MALLOC_ARENA_MAX=2']);
    expect(start.nodeFlags).toBe('--max-semi-space-size=4');
    expect(parseStartScript('demo', scripts.demo!).command).toMatch(/dist\/server\/main\.js --demo$/);
  });

  it('takes any number of settings, or none', () => {
    expect(parseStartScript('start', 'node scripts/build-if-needed.mjs && A=1 B_2=${B_2:-x} exec node dist/server/main.js')).toEqual({
      command: 'A=1 B_2=${B_2:-x} exec node dist/server/main.js', env: ['A=1', 'B_2=x'], nodeFlags: '',
    });
  });

  it('refuses a line that runs anything but node on the compiled server, naming the script', () => {
    expect(() => parseStartScript('start', 'node scripts/build-if-needed.mjs && exec tsx src/server/main.ts')).toThrow(/start script does not exec node dist\/server\/main\.js/);
    expect(() => parseStartScript('demo', 'lower=1 exec node dist/server/main.js')).toThrow(/demo script/);
  });

  it('tells an environment setting from a node flag', () => {
    expect(isEnvWord('MALLOC_ARENA_MAX=2')).toBe(true);
    expect(isEnvWord('--max-semi-space-size=4')).toBe(false);
    expect(isEnvWord('lower=1')).toBe(false);
  });
});
