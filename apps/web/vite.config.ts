import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    // scripts/check-bundle-budget.mjs reads the manifest to measure the initial JS.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs and what changes only with a dependency upgrade: its own
            // file, so a deploy of the app's code leaves it in the browser's cache.
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 10,
            },
            // Lucide's icons are a few hundred bytes each: the few the entry draws (error screens)
            // stay with createLucideIcon in the initial JS; all the others are one file (~6 KB
            // gzip) instead of one request per icon (the dashboard's first screen asked for ~20).
            {
              name: 'lucide',
              test: /node_modules[\\/]lucide-react[\\/]/,
              tags: ['$initial'],
              priority: 6,
            },
            // The rest of what the entry runs before any screen, in one file rather than the
            // automatic split's eight small ones (API client, storage, money, locale, ...): each
            // file is one more request and, asked for from a script, its own cost on a phone.
            {
              name: 'app-start',
              tags: ['$initial'],
              priority: 4,
            },
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
