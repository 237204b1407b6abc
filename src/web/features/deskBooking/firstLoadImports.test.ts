import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the floorplan screen's chunk brings with it, read from the sources: every static import
 * (not `import type`, not `import()`), followed through our own files. A package reached this way is
 * in the screen's first load. Guards docs/decisions.md (session 17): values the booking screens need
 * live in files without schemas, so the validation library stays off the floorplan's first load.
 */
const ROOT = process.cwd();
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveSource(from: string, spec: string): string | null {
  const base = join(dirname(from), spec.replace(/\.js$/, ''));
  for (const ext of ['.ts', '.tsx', '/index.ts']) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** Packages reached from a source file, with the chain of our files that brought each in. */
function packagesReached(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const chain = seen.get(file)!;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (spec!.startsWith('.')) {
        const next = resolveSource(file, spec!);
        if (next && !seen.has(next)) {
          seen.set(next, [...chain, next]);
          queue.push(next);
        }
      } else {
        const name = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, chain.map((f) => relative(ROOT, f)));
      }
    }
  }
  return packages;
}

describe("the floorplan screen's first load", () => {
  const reached = packagesReached(join(ROOT, 'src/web/features/deskBooking/index.ts'));

  it('is read from the sources (React and Mantine are reached)', () => {
    expect(reached.has('react')).toBe(true);
    expect(reached.has('@mantine/core')).toBe(true);
  });

  it('does not bring the validation library (zod) or the date picker (@mantine/dates)', () => {
    expect(reached.get('zod'), 'zod is imported through this chain').toBeUndefined();
    expect(reached.get('@mantine/dates'), '@mantine/dates is imported through this chain').toBeUndefined();
  });

  it('would see zod brought by a schema file (the guard can fail)', () => {
    const viaSchema = packagesReached(join(ROOT, 'src/domain/recurrence/recurrenceRule.ts'));
    expect(viaSchema.get('zod')).toEqual(['src/domain/recurrence/recurrenceRule.ts']);
  });
});
