import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The crudboard server the dev server passes `/api` to (`npm start` in the repository root). */
const serverUrl = process.env.CRUDBOARD_SERVER ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: serverUrl, changeOrigin: false },
  '/download': { target: serverUrl, changeOrigin: false },
};
const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  // `@crudboard/client` from its source in this repository (packages/client/src), as for crudboard's
  // own app; an app of your own installs the built package instead.
  resolve: {
    alias: {
      '@crudboard/client': fileURLToPath(new URL('../../packages/client/src/index.ts', import.meta.url)),
    },
  },
  // Its own dependency cache: beside crudboard's dev server (`npm run dev`), both would otherwise
  // optimise into the repository's node_modules/.vite and answer each other's pages with
  // 504 "Outdated Optimize Dep".
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite-plain-refine', import.meta.url)),
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
  server: {
    port: 5174,
    // The client comes from the repository's packages/client/src.
    fs: { allow: [repoRoot] },
    // Same origin for the browser: the session cookie and the server's origin check need it. The
    // Host header is passed on unchanged (Vite's string shorthand would turn changeOrigin on).
    proxy,
  },
  preview: { port: 5174, proxy },
});
