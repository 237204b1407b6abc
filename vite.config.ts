import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './scripts/precompress-web.mjs';

// The web app is built once with relative asset URLs ('./assets/...'); the server rewrites index.html
// at start-up with the real base path from PUBLIC_URL (src/server/http/webAssets.ts), so one build
// serves any deployment path.
const API_SERVER = 'http://localhost:8080';
const OUT_DIR = 'dist/web';

export default defineConfig({
  root: '.',
  base: './',
  plugins: [
    react(),
    // x.br (brotli 11) and x.gz (gzip 9) beside each text file, served by the server as they are
    // (src/server/http/webAssets.ts, preCompressed): no per-request compression of the app's files.
    { name: 'hotdesk-precompress', apply: 'build', closeBundle: async () => { await precompressDir(OUT_DIR); } },
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // Every screen but the home menu is a lazy route (src/web/app/routeTable.tsx): the first script is
    // React, React Router, TanStack Query, Mantine and the shell (~390 kB minified); warn if it grows.
    chunkSizeWarningLimit: 500,
    // .vite/manifest.json: which files each lazy screen needs, so the server can name them as
    // modulepreload hints in the page that opens that screen (src/server/http/pagePreloads.ts).
    manifest: true,
  },
  server: {
    // `npm run dev:web` next to `npm start`: pages from Vite, calls to the running server.
    proxy: {
      '/api': API_SERVER,
      '/auth': API_SERVER,
      '/MicrosoftIdentity': API_SERVER,
      '/meta.json': API_SERVER,
    },
  },
});
