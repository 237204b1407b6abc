/** Types of scripts/precompress-web.mjs, for vite.config.ts. */
export declare const MIN_BYTES: number;
export declare function precompressDir(dir?: string): Promise<Record<string, { bytes: number; br?: number; gz?: number }>>;
export declare function isPrecompressed(dir?: string): boolean;
