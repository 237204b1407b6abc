import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

/**
 * The built files a lazy screen needs beyond what the page loads anyway, from Vite's build manifest
 * (vite.config.ts: build.manifest). The app asks for them only after its first script has run; named
 * in the page as hints, they download while that script is still loading. Without a manifest (a
 * build without one, or no build) there is nothing to hint.
 */
export class ScreenModules {
  private readonly manifest: Manifest;
  /** What index.html already loads: the entry and everything it imports. */
  private readonly loadedByPage: Set<string>;

  constructor(distDir: string) {
    const file = join(distDir, '.vite', 'manifest.json');
    this.manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
    this.loadedByPage = new Set(this.closure('index.html').map((c) => c.file));
  }

  /** Script and style files (relative to the build, e.g. 'assets/deskBooking-x.js') of a screen's source module. */
  filesFor(sourceModule: string): { scripts: string[]; styles: string[] } {
    const chunks = this.closure(sourceModule).filter((c) => !this.loadedByPage.has(c.file));
    return { scripts: chunks.map((c) => c.file), styles: [...new Set(chunks.flatMap((c) => c.css ?? []))] };
  }

  /** A chunk and everything it imports statically, each once. */
  private closure(key: string): ManifestChunk[] {
    const found = new Map<string, ManifestChunk>();
    const visit = (k: string) => {
      const chunk = this.manifest[k];
      if (!chunk || found.has(k)) return;
      found.set(k, chunk);
      chunk.imports?.forEach(visit);
    };
    visit(key);
    return [...found.values()];
  }
}
