// The baseline for `npm run bench`: plain Node serving pre-written HTML files
// from disk, read on every request, as a static file server would.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const [dir = '.', port = '0'] = process.argv.slice(2);
const server = createServer(async (req, res) => {
  const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/[^\w.-]/g, '_') || 'index';
  try {
    const body = await readFile(path.join(dir, `${name}.html`));
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
