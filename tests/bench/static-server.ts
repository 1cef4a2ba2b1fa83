// The baseline for `npm run bench`: plain Node serving pre-written HTML files
// from disk, read on every request, as a static file server would.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const [dir = '.', port = '0'] = process.argv.slice(2);
const server = createServer(async (req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  // The same layout as the bench writes: / → index.html, /blog → blog.html, /blog/x → blog/x.html.
  const name = pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
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
