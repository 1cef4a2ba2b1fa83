// Preloaded into a server process by a test (node --import): prints, as the process exits, which build of
// react-dom/server it loaded (React chooses from process.env.NODE_ENV when first loaded).
import { createRequire } from 'node:module';
import process from 'node:process';

const require = createRequire(import.meta.url);

process.on('exit', () => {
  const loaded = Object.keys(require.cache).filter((file) => /react-dom[/\\]cjs[/\\]react-dom-server/.test(file));
  const build = loaded.some((file) => file.includes('.development.')) ? 'development' : loaded.length ? 'production' : 'none';
  process.stdout.write(`react-dom/server build: ${build}\n`);
});
