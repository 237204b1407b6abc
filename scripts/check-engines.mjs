// CI check: every package in package-lock.json (dependencies and devDependencies alike) must run on the
// oldest Node.js that package.json's "engines" promises, and so must the Node.js running this check.
// A package that wants a newer Node (cookie@2 and content-disposition@3 want >=22) fails the check with
// its name, so it is pinned (package.json "overrides") or the range is raised, never found in production.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** Packages of the lock file whose engines.node range leaves out `minimum`. */
export function enginesProblems(lock, ourRange) {
  const minimum = semver.minVersion(ourRange);
  if (!minimum) return [`package.json engines.node "${ourRange}" is not a valid range`];
  const problems = [];
  for (const [path, meta] of Object.entries(lock.packages ?? {})) {
    const range = meta?.engines?.node;
    if (!path || typeof range !== 'string') continue;
    if (!semver.satisfies(minimum, range, { includePrerelease: true })) {
      problems.push(`${path.replace(/^.*node_modules\//, '')}@${meta.version} (${path}${meta.dev ? ', dev' : ''}) wants Node ${range}; ours start at ${minimum}`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node ?? '*';
  const lock = JSON.parse(readFileSync(process.argv[2] ?? join(root, 'package-lock.json'), 'utf8'));
  const problems = enginesProblems(lock, ours);
  if (!semver.satisfies(process.version, ours)) problems.push(`this Node.js ${process.version} is outside package.json engines.node "${ours}"`);
  if (problems.length) {
    console.error(`Node.js versions: package.json says "${ours}", but:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Node.js versions: every package in package-lock.json runs on ${semver.minVersion(ours)} (package.json: "${ours}").`);
}
