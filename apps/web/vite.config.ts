import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on API_PORT (default 3001, see scripts/dev.mjs) and
// Vite proxies to it, so the browser still sees one origin as in production.
const api = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': api,
      '/files': api,
      '/dev/mail': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // The browsers the site supports preload modules themselves; the polyfill would be
    // part of every first visit.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Building a zod schema has no side effect: a chunk that uses one constant of a
      // packages/shared module must not carry that module's unused schemas (nor zod, nor the
      // common-password list that the new-password schema checks). Only calls through the
      // name `z` are concerned.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
