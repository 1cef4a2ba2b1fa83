import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  css?: string[];
}

/** The built app's React Router client manifest (build/client/assets/manifest-*.js). */
function readManifest(buildDir = process.env.BUILD_DIR ?? 'build'): { routes: Record<string, ManifestRoute> } {
  const assets = path.join(buildDir, 'client', 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run the build first`);
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

/** Client files only admin routes load: none of them may reach a public page. */
export function adminOnlyFiles(buildDir?: string): Set<string> {
  const routes = Object.values(readManifest(buildDir).routes);
  const files = (route: ManifestRoute) => [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
  const publicFiles = new Set(routes.filter((route) => !route.id.startsWith('routes/admin/')).flatMap(files));
  return new Set(
    routes
      .filter((route) => route.id.startsWith('routes/admin/'))
      .flatMap(files)
      .filter((file) => !publicFiles.has(file)),
  );
}
