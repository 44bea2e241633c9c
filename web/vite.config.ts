import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

// The API (Express + socket.io) listens on :3000; in development and preview the web app is served
// by Vite and forwards both, so the browser only ever talks to one origin (as it does in production,
// where the API serves dist/web itself).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The grid library (ag-grid, ~1.1 MB) is one chunk that only the pages with grids load lazily.
    chunkSizeWarningLimit: 1300,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
