import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { manualChunks } from './build/chunks';
import { pureZodSchemas } from './build/pure-zod-schemas';

const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

// In development the API runs on API_PORT (default 3001, see scripts/dev.mjs) and
// Vite proxies to it, so the browser still sees one origin as in production.
const api = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // A chunk that uses one constant of a packages/shared module must not carry that
    // module's schemas, nor zod, nor the common-password list the new-password schema checks.
    pureZodSchemas((id) => id.includes('/packages/shared/src/')),
  ],
  resolve: {
    alias: [
      // react-router's package exports only its development build, which differs from the
      // production one by its dev warnings (ENABLE_DEV_WARNINGS); the build takes the
      // production one, as react-router's own Vite plugin does.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') }]
        : []),
    ],
  },
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
      output: { manualChunks },
    },
  },
}));
