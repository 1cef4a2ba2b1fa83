import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so the app, its services and the
  // database client live in one module graph and share one connection.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : { target: 'es2022' },
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: { port: 24678 } },
}));
