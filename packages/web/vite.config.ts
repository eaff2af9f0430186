import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Mantine and the libraries only Mantine uses. */
const mantine =
  /node_modules[\\/](@mantine[\\/](?!tiptap)[^\\/]+|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-transition-group|react-style-singleton|use-callback-ref|use-sidecar|tslib|clsx|get-nonce|detect-node-es)[\\/]/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Mantine in two chunks: what the first page needs (the `$initial` modules), and the rest, which
            // lazily loaded pages share (one request instead of dozens of small chunks, one per component).
            // @mantine/tiptap stays out: it and Tiptap load only with the lazily loaded rich-text editor.
            { name: 'mantine', tags: ['$initial'], test: mantine },
            { name: 'mantine-more', test: mantine },
            // Icons likewise: the first page's, and the rest together.
            { name: 'icons-initial', tags: ['$initial'], test: /node_modules[\\/]@tabler[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            // With Zod, its jitless setting (src/app/content-security.ts), so that it runs before any schema is made.
            {
              name: 'data',
              test: /node_modules[\\/](zod|@tanstack|i18next|react-i18next)[\\/]|[\\/]src[\\/]app[\\/]content-security\.ts$/,
            },
            // Only the lazily loaded map components use it.
            { name: 'leaflet', test: /node_modules[\\/](leaflet|leaflet\.markercluster)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The server checks that Origin matches Host, so the proxied request keeps the browser's Host.
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
