import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, transformWithOxc, type Plugin, type Rollup, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Preloads the Latin face of the Inter font from the page's head. Otherwise the browser finds it
 * only after the stylesheet has arrived and the first text is painted, and the swap from the
 * fallback font moves that text (a layout shift Lighthouse counted as 0.15 on the home page).
 */
function preloadFont(): Plugin {
  return {
    name: 'tikiti:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(f));
        if (!font) throw new Error('the Inter Latin font is missing from the build');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Puts the app's stylesheet inside index.html. A linked stylesheet blocks the first paint until
 * it arrives, and on a slow phone link it arrives late: it shares the connection with the scripts,
 * the font and the first pictures. The page HTML is sent compressed and never cached stale, so
 * the styles are always the release's own (docs/decisions/0021-first-screen.md).
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'tikiti:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`the stylesheet ${file} is missing from the build`);
          const css = String(asset.source);
          if (css.includes('</style')) throw new Error(`${file} cannot be put inside a style element`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * The public pages the router loads on demand whose HTML the server answers with their own
 * JavaScript preloaded (apps/api/src/features/site): without it the browser asks for a page's
 * chunk only once the app has run, one round trip later, and the schemas its first answer is
 * read with later still. Keys are the page names the server uses; `code` the page's modules,
 * `answers` the schemas of its first answers. A page whose first screen the server drew already
 * has its answers, so the server preloads only its code then
 * (docs/decisions/0022-main-thread-on-a-phone.md).
 */
const PRELOADED_PAGES: Record<string, { code: string[]; answers: string[] }> = {
  'all-events': {
    code: ['src/features/catalogue/pages/all-events-page.tsx'],
    answers: ['src/lib/answer-schemas.ts', 'src/features/catalogue/api/answer-schemas.ts'],
  },
  details: {
    code: ['src/features/catalogue/pages/event-details-page.tsx'],
    answers: ['src/lib/answer-schemas.ts', 'src/features/catalogue/api/answer-schemas.ts'],
  },
};

/**
 * Writes dist/route-preloads.json: for each page above, the chunks it needs that the entry does
 * not load, as `{ code, answers }` (the answers' list leaves out what the code's already has).
 */
function routePreloads(): Plugin {
  return {
    name: 'tikiti:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const closure = (start: string, skip: Set<string>) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file) || skip.has(file)) return;
          seen.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(start);
        return seen;
      };
      const entries = chunks.filter((c) => c.isEntry);
      const loaded = new Set(entries.flatMap((c) => [...closure(c.fileName, new Set())]));
      const filesOf = (sources: string[], skip: Set<string>) => {
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, source));
          if (!chunk) this.error(`no chunk of its own for ${source}: is it still loaded on demand?`);
          for (const f of closure(chunk.fileName, skip)) files.add(f);
        }
        return files;
      };
      const preloads: Record<string, { code: string[]; answers: string[] }> = {};
      for (const [page, { code, answers }] of Object.entries(PRELOADED_PAGES)) {
        const codeFiles = filesOf(code, loaded);
        const answerFiles = filesOf(answers, new Set([...loaded, ...codeFiles]));
        preloads[page] = { code: [...codeFiles].map((f) => `/${f}`), answers: [...answerFiles].map((f) => `/${f}`) };
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 2) });
    },
  };
}

/**
 * Marks the app's first script for eager compilation (V8's explicit compile hints, Chromium 136
 * and later): its functions are compiled while the file streams in, off the main thread, instead
 * of one at a time on the main thread when hydration first calls them. Other browsers read a
 * comment. Measured in docs/decisions/0022-main-thread-on-a-phone.md. The comment must open the
 * file, so it is added last, after the build's own preamble; the source map moves down a line.
 * The file's name was hashed before: the same sources always give the same file, comment included.
 */
function compileHints(): Plugin {
  return {
    name: 'tikiti:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/**
 * The script a server-drawn page starts the app with (src/first-screen-boot.ts, plain JavaScript
 * syntax, copied as it is under a hashed name) and dist/first-screen.json naming it for the server
 * (docs/decisions/0022-main-thread-on-a-phone.md).
 */
function firstScreenBoot(): Plugin {
  return {
    name: 'tikiti:first-screen-boot',
    apply: 'build',
    generateBundle() {
      const source = fs.readFileSync(path.resolve(import.meta.dirname, 'src/first-screen-boot.ts'), 'utf8');
      const ref = this.emitFile({ type: 'asset', name: 'first-screen-boot.js', source });
      this.emitFile({
        type: 'asset',
        fileName: 'first-screen.json',
        source: JSON.stringify({ boot: `/${this.getFileName(ref)}` }, null, 2),
      });
    },
  };
}

/**
 * The embeddable widget's script (src/widget/widget.ts) as dist/widget.js: its types stripped, under
 * a name that never changes, since other sites' pages load it by that address (docs/api.md#widget).
 * It is a classic script, not a module: the app's chunks never see it, and nothing of the app's
 * reaches it.
 */
function embedWidget(): Plugin {
  return {
    name: 'tikiti:embed-widget',
    apply: 'build',
    async generateBundle() {
      const file = path.resolve(import.meta.dirname, 'src/widget/widget.ts');
      const { code } = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { lang: 'ts', target: 'es2020' });
      if (/^\s*(?:import|export)\b/m.test(code)) this.error('src/widget/widget.ts must import and export nothing');
      this.emitFile({ type: 'asset', fileName: 'widget.js', source: code });
    },
  };
}

// The door page opens without network (docs/decisions/0013-door-page-offline.md): a service
// worker keeps the built files. Only the door registers it (features/checkin/service-worker.ts);
// it answers page loads from its copy for the door's paths alone, and never touches API calls,
// uploaded images or development pages: those always go to the network.
function doorServiceWorker() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifest: {
      name: 'Tikiti Check-in',
      short_name: 'Tikiti Door',
      description: 'Admit ticket holders at the door, online or offline.',
      start_url: '/organizer/checkin',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0F766E',
      background_color: '#FFFFFF',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,woff2,wasm}'],
      // The QR polyfill's WebAssembly (about 1.1 MB) must be kept too.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/organizer\/checkin(\/|$)/],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is production whatever NODE_ENV the shell exports (the README's NODE_ENV is the
  // server's, and `development` is common on a developer's machine): Vite takes a NODE_ENV that is
  // set over its mode, and would build development React, whose jsxDEV calls the server's first
  // screen cannot run. Set here, before Vite and the React plugin read it; `vite` (the development
  // server) is left alone. Held by scripts/production-build.test.ts.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(isSsrBuild);
});

const config = (isSsrBuild: boolean | undefined): UserConfig => ({
  plugins: [
    react(),
    // The server's build (src/entry-server.tsx) makes one module for the API: no page, no styles.
    ...(isSsrBuild
      ? []
      : [
          preloadFont(),
          inlineStylesheet(),
          routePreloads(),
          firstScreenBoot(),
          compileHints(),
          embedWidget(),
          tailwindcss(),
          doorServiceWorker(),
        ]),
  ],
  resolve: {
    // zod without compiled parsers, set before any schema is built (src/lib/zod-without-eval.ts).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-without-eval.ts') }],
  },
  server: {
    port: 5173,
    proxy: { '/v1': api, '/media': api, '/dev': api, '/healthz': api },
  },
  // Everything the server's module imports is bundled into it: the API runs it without the web
  // app's packages installed (the Docker image copies dist-server alone).
  ssr: { noExternal: true },
  // React's production build on the server too, whatever NODE_ENV the API runs with.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        sourcemap: false,
        emptyOutDir: true,
        copyPublicDir: false,
        // One file: every page's code must share the one React the module bundles.
        rollupOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        sourcemap: true,
        chunkSizeWarningLimit: 600,
        rollupOptions: {
          output: {
            // Fewer, larger files for a phone on HTTP/1.1, where six connections carry everything:
            // what the first page needs is one file beside the entry, and the icons the pages
            // loaded on demand use are one file, not one each (docs/decisions/0021-first-screen.md).
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 2 },
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
              ],
            },
          },
        },
      },
});
