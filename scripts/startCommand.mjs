// How package.json's start and demo scripts run the app, read in one place for the release (which keeps
// the line without its build step) and the memory bench (which starts the app the same way):
//   node scripts/build-if-needed.mjs && NAME=${NAME:-value} ... exec node <node flags> dist/server/main.js [args]

const BUILD_STEP = /^node scripts\/build-if-needed\.mjs && /;
const ENV_NAME = '[A-Z_][A-Z0-9_]*';
const RUN = new RegExp(`^((?:${ENV_NAME}=\\S+\\s+)*)exec node\\s+(.*?)\\s*dist/server/main\\.js`);

/** NAME=value: an environment setting, not a node flag (the bench's variants mix both). */
export const isEnvWord = (word) => new RegExp(`^${ENV_NAME}=`).test(word);

/**
 * The script's line after its build step, its environment settings (NAME=value, a `${NAME:-value}`
 * taken as its default) and the node flags before the entry; throws when the line does not exec node
 * on the compiled server, so neither the release nor the bench runs something else.
 */
export function parseStartScript(name, script) {
  const command = script.replace(BUILD_STEP, '');
  const m = RUN.exec(command);
  if (!m) throw new Error(`package.json's ${name} script does not exec node dist/server/main.js after the build step: ${script}`);
  const env = m[1].trim().split(/\s+/).filter(Boolean).map((word) => word.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/, '$1'));
  return { command, env, nodeFlags: m[2] };
}
