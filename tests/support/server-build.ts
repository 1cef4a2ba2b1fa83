import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ServerBuild } from 'react-router';

const isServerBuild = (value: unknown): value is ServerBuild =>
  typeof value === 'object' && value !== null && 'routes' in value && 'entry' in value;

/**
 * The built app's ServerBuild, as the server's `import('virtual:react-router/server-build')` gets it. Rollup puts it
 * in its own chunk; when that chunk also holds code shared with other lazy chunks (the admin's editors), it exports
 * the build as one namespace object among others instead of as its own exports, so both shapes are read.
 */
export async function importServerBuild(): Promise<ServerBuild> {
  const assets = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/assets');
  const file = readdirSync(assets).find((name) => name.startsWith('server-build-'));
  if (!file) throw new Error(`No server-build chunk in ${assets}: run npm run build first.`);
  const chunk = (await import(pathToFileURL(path.join(assets, file)).href)) as Record<string, unknown>;
  const build = isServerBuild(chunk) ? chunk : Object.values(chunk).find(isServerBuild);
  if (!build) throw new Error(`${file} exports no ServerBuild.`);
  return build;
}
