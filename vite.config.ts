import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app is built once with relative asset URLs ('./assets/...'); the server rewrites index.html
// at start-up with the real base path from PUBLIC_URL (src/server/http/webAssets.ts), so one build
// serves any deployment path.
const API_SERVER = 'http://localhost:8080';

export default defineConfig({
  root: '.',
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist/web',
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
