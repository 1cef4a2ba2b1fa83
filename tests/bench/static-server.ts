// Baselines for `npm run bench`: plain Node serving pre-written HTML files. `file` reads the file from disk on
// every request, as a static file server would; `memory` answers from bytes read once at start, with the header
// list prepared once: the most a node:http server can do with these bytes, whatever it does before answering.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const [dir = '.', port = '0', mode = 'file'] = process.argv.slice(2);

/** The same layout as the bench writes: / → index.html, /blog → blog.html, /blog/x → blog/x.html. */
const fileOf = (url: string | undefined) => {
  const pathname = new URL(url ?? '/', 'http://x').pathname;
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
};

const inMemory = new Map<string, { body: Buffer; headers: string[] }>();
if (mode === 'memory') {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.html')) continue;
    const body = readFileSync(path.join(dir, name));
    inMemory.set(name, { body, headers: ['Content-Type', 'text/html; charset=utf-8', 'Content-Length', String(body.length)] });
  }
}

const server = createServer(async (req, res) => {
  const name = fileOf(req.url);
  if (mode === 'memory') {
    const page = inMemory.get(name);
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, page.headers);
    return void res.end(page.body);
  }
  try {
    if (name.includes('..')) throw new Error('outside');
    const body = await readFile(path.join(dir, name));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
server.listen(Number(port), '127.0.0.1', () => {
  const address = server.address();
  console.log(`static-server-listening ${typeof address === 'object' && address ? address.port : port}`);
});
