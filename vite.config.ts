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
    // React, React Router, TanStack Query and Mantine are ~600 kB minified (~190 kB gzipped) in one
    // cached, hashed file; split screens with lazy routes when this grows, not before.
    chunkSizeWarningLimit: 900,
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
