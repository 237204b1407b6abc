import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './scripts/precompress-web.mjs';

// The web app is built once with relative asset URLs ('./assets/...'); the server rewrites index.html
// at start-up with the real base path from PUBLIC_URL (src/server/http/webAssets.ts), so one build
// serves any deployment path.
const API_SERVER = 'http://localhost:8080';
const OUT_DIR = 'dist/web';

const MANTINE_CORE_STYLES = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

/**
 * Each Mantine component's styles travel with the component, instead of all of Mantine's CSS
 * (~270 kB, ~32 kB compressed) blocking the first paint of every screen. Mantine's component
 * modules import their class names from `X.module.mjs`; this adds `import '@mantine/core/styles/X.css'`
 * there, so Vite puts that CSS in whichever chunk holds the component: the first page carries the
 * shell's styles, a lazy screen brings the rest, before its code runs. @mantine/dates has one style
 * sheet, brought by the first date component a screen uses. The base styles (baseline, variables,
 * global classes) are imported first in src/web/main.tsx, the app's own last (src/web/app/global.css).
 * Same sheets, same (unlayered) rules as importing '@mantine/core/styles.css' whole; only where
 * they load changes.
 */
function mantineStylesWithComponents(): Plugin {
  const coreModule = /@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.mjs$/;
  const datesModule = /@mantine\/dates\/esm\/.*\.module\.mjs$/;
  let serving = false;
  return {
    name: 'hotdesk-mantine-styles-with-components',
    configResolved(config) { serving = config.command === 'serve'; },
    transform(code, id) {
      // `vite` (dev) serves Mantine pre-bundled, past this hook: there the app takes all of Mantine's styles at once.
      if (serving) return id.endsWith('/src/web/main.tsx') ? { code: `import '@mantine/core/styles.css';\nimport '@mantine/dates/styles.css';\n${code}`, map: null } : null;
      const core = coreModule.exec(id);
      if (core && existsSync(join(MANTINE_CORE_STYLES, `${core[1]}.css`))) return { code: `import '@mantine/core/styles/${core[1]}.css';\n${code}`, map: null };
      if (datesModule.test(id)) return { code: `import '@mantine/dates/styles.css';\n${code}`, map: null };
      return null;
    },
  };
}

/**
 * Mantine's ScrollArea (in the first script: Select, Modal and the shell use it) imports one hook from
 * @floating-ui/react, `useMergeRefs`, and with it that whole module and floating-ui's positioning code
 * (~43 kB minified, ~13 kB compressed) that no component of the first page uses: the bundler keeps
 * floating-ui.react.mjs's top-level code. @mantine/hooks' `useMergedRef` does the same job for
 * ScrollArea's three refs (objects and callbacks that return no cleanup: each gets the node on attach
 * and null on detach, the list memoised by its members), so the import is swapped for it. Screens that
 * position floating things (Popover, Menu, Tooltip, Combobox) still bring floating-ui with their chunk.
 */
function mantineMergeRefsWithoutFloatingUi(): Plugin {
  const floatingImport = 'import { useMergeRefs } from "@floating-ui/react";';
  return {
    name: 'hotdesk-mantine-merge-refs',
    transform(code, id) {
      if (!/@mantine\/core\/esm\//.test(id) || !code.includes(floatingImport)) return null;
      return {
        code: code.replace(floatingImport, 'import { useMergedRef as hotdeskUseMergedRef } from "@mantine/hooks";\n'
          + 'const useMergeRefs = (refs) => hotdeskUseMergedRef(...refs);'),
        map: null,
      };
    },
  };
}

/**
 * The loading page (index.html's #root, with its own inline styles) is painted before the app's style
 * sheet arrives. A style sheet in the head holds the first paint until it is in, and on a slow
 * connection it came with the screen's ~30 scripts: the loading page showed late and, in Lighthouse's
 * simulation, the first paint waited for whichever scripts happened to be in before it (First
 * Contentful Paint 1.1-2.3 s on the desk floorplan; issue 19 point 7). So the sheet is linked for
 * print (which holds no paint on screen), fetched at once by a preload beside it, and the app's script
 * switches it to all media and waits for it before its first render (src/web/app/appStyles.ts): no
 * unstyled flash. It stays where it was in the head, so the sheets lazy screens add later still come
 * after it (the cascade is unchanged). Not the usual `onload="this.media='all'"`: the CSP allows no
 * inline script.
 */
function appStylesAfterBootPage(): Plugin {
  const appSheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/;
  return {
    name: 'hotdesk-app-styles-after-boot-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheet = appSheet.exec(html);
        if (!sheet) throw new Error("index.html: the app's style sheet was not found");
        return html.replace(appSheet, `<link rel="preload" as="style" crossorigin href="${sheet[1]}">`
          + `<link rel="stylesheet" crossorigin href="${sheet[1]}" media="print" data-app-styles>`);
      },
    },
  };
}

export default defineConfig({
  root: '.',
  base: './',
  plugins: [
    react(),
    mantineStylesWithComponents(),
    mantineMergeRefsWithoutFloatingUi(),
    appStylesAfterBootPage(),
    // x.br (brotli 11) and x.gz (gzip 9) beside each text file, served by the server as they are
    // (src/server/http/webAssets.ts, preCompressed): no per-request compression of the app's files.
    // The folder actually written (`--outDir` may point elsewhere, e.g. for a throwaway analysis build).
    (() => {
      let outDir = OUT_DIR;
      return {
        name: 'hotdesk-precompress', apply: 'build' as const,
        configResolved: (config: { build: { outDir: string } }) => { outDir = config.build.outDir; },
        closeBundle: async () => { await precompressDir(outDir); },
      };
    })(),
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // Every screen but the home menu is a lazy route (src/web/app/routeTable.tsx): the first script is
    // React, React Router, TanStack Query, Mantine and the shell (~560 kB minified); warn if it grows.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What the first page loads ($initial: main.tsx and all it imports statically) is one script
        // and one style sheet. Left to itself the bundler cut it into six scripts and five style
        // sheets (modules that lazy screens share too), each a request the page waits for, and the
        // style sheets in an order where Mantine's base styles came after its components'.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
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
