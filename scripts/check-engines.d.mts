/** Types of scripts/check-engines.mjs, for its test. */
export declare function enginesProblems(
  lock: { packages?: Record<string, { version?: string; dev?: boolean; engines?: { node?: string } }> },
  ourRange: string,
): string[];
