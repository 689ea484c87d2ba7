import { defineConfig } from 'vite';

/**
 * The browser bundle: one entry (client/main.ts) that hydrates islands, each island its own chunk
 * (views/islands/registry.ts), hashed files and a manifest read by the server's RenderService.
 */
export default defineConfig({
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist/web',
    assetsDir: 'assets',
    manifest: true,
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    rollupOptions: { input: 'client/main.ts' },
  },
});
