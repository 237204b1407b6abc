/** Types of scripts/startCommand.mjs, for the memory bench and its test. */
export declare function parseStartScript(name: string, script: string): { command: string; env: string[]; nodeFlags: string };
export declare const isEnvWord: (word: string) => boolean;
