import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer zones in eslint.config.js: a wrong import fails lint, the allowed ones pass.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('layer zones', () => {
  it('refuses db code that calls a service', async () => {
    const errors = await layerErrors(
      'app/db/wrong.ts',
      "import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';\nexport const shell = getSiteShell;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('db is the bottom layer');
  });

  it('refuses the same import written as a relative path', async () => {
    const errors = await layerErrors(
      'app/db/wrong.ts',
      "import { readLanding } from '../services/landing/landing.server.ts';\nexport const read = readLanding;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses services that import routes or request helpers', async () => {
    const fromRoute = await layerErrors(
      'app/services/posts/wrong.ts',
      "import { kinds } from '#app/routes/admin/editorial/kinds.server.ts';\nexport const k = kinds;\n",
    );
    const fromHttp = await layerErrors(
      'app/services/posts/wrong.ts',
      "import { requireUser } from '#app/http/guard.server.ts';\nexport const r = requireUser;\n",
    );
    expect(fromRoute[0]).toContain('Services sit below routes');
    expect(fromHttp[0]).toContain('Services sit below routes');
  });

  it('refuses services that import React Router or the server', async () => {
    const router = await layerErrors('app/services/posts/wrong.ts', "import { data } from 'react-router';\nexport const d = data;\n");
    const devRouter = await layerErrors(
      'app/services/posts/wrong.ts',
      "import { createRequestHandler } from '@react-router/express';\nexport const c = createRequestHandler;\n",
    );
    const server = await layerErrors(
      'app/services/posts/wrong.ts',
      "import { requestPath } from '#server/request-path.ts';\nexport const r = requestPath;\n",
    );
    const relative = await layerErrors(
      'app/services/posts/wrong.ts',
      "import { requestPath } from '../../../server/request-path.ts';\nexport const r = requestPath;\n",
    );
    expect(router[0]).toContain('Services know nothing of React Router');
    expect(devRouter[0]).toContain('Services know nothing of React Router');
    expect(server[0]).toContain('Services sit below the server');
    expect(relative[0]).toContain('Services sit below the server');
  });

  it('refuses lib and schemas that reach the server', async () => {
    const schema = await layerErrors(
      'app/schemas/wrong.ts',
      "import { getDb } from '#app/db/client.server.ts';\nexport const db = getDb;\n",
    );
    const lib = await layerErrors('app/lib/wrong.ts', "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n");
    expect(schema.length).toBeGreaterThan(0);
    expect(lib[0]).toContain('no Node built-ins');
  });

  it('lets components import server modules for their types only', async () => {
    const value = await layerErrors(
      'app/components/site/wrong.tsx',
      "import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';\nexport const shell = getSiteShell;\n",
    );
    const typeOnly = await layerErrors(
      'app/components/site/right.tsx',
      "import type { SiteShell } from '#app/services/site-shell/site-shell.server.ts';\nexport type Shell = SiteShell;\n",
    );
    expect(value[0]).toContain('for their types only');
    expect(typeOnly).toEqual([]);
  });

  it('lets routes import services', async () => {
    const errors = await layerErrors(
      'app/routes/site/right.tsx',
      "import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';\nexport const shell = getSiteShell;\n",
    );
    expect(errors).toEqual([]);
  });
});
