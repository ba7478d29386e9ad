import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [
    react(),
    preloadFont(),
    tailwindcss(),
    // The door page opens without network (docs/decisions/0013-door-page-offline.md): a service
    // worker keeps the built files. Only the door registers it (features/checkin/service-worker.ts);
    // it answers page loads from its copy for the door's paths alone, and never touches API calls,
    // uploaded images or development pages: those always go to the network.
    VitePWA({
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
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/v1': api, '/media': api, '/dev': api, '/healthz': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
