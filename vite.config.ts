import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so the app, its services and the
  // database client live in one module graph and share one connection.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : { target: 'es2022' },
  // The browser's files get brotli (quality 11) and gzip (level 9) copies beside them, once, at build time:
  // the server (server/app.ts) and nginx (gzip_static) send those instead of compressing on every request.
  plugins: [
    tailwindcss(),
    reactRouter(),
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  server: { hmr: { port: 24678 } },
}));
