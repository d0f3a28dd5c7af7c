// The gate's test hook (`node scripts/lighthouse.mjs --with-long-task 150 /en`): a proxy in front
// of the server that adds to every page a script keeping the main thread busy for that many
// milliseconds once the page has loaded, as an island hydrated at load or a tag would. It shows
// the gate still fails a page given a real long task, quiet or busy. Only this script starts it:
// no build, and no server the site runs on, has the script.
import http from 'node:http';

const scriptPath = '/__lighthouse-long-task.js';

/** Starts the proxy on a free port in front of the server on `port`. */
export async function startLongTaskProxy(port, taskMs) {
  // After the load event, as a task of its own: after the first paint, where TBT counts it. (A
  // task run while the page is still parsed, before anything is painted, delays the first paint
  // instead; Lighthouse counts it in FCP, and it only falls into TBT when slowed down enough.)
  const script = `addEventListener('load', () => {
  const end = performance.now() + ${Number(taskMs)};
  while (performance.now() < end);
});
`;
  const proxy = http.createServer((request, response) => {
    if (request.url === scriptPath) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      response.end(script);
      return;
    }
    const isPage = (request.headers.accept ?? '').includes('text/html');
    const headers = { ...request.headers, host: `localhost:${port}` };
    // The page is read as text to add the script; everything else passes as it is (compressed).
    if (isPage) delete headers['accept-encoding'];
    const upstream = http.request(
      { host: 'localhost', port, path: request.url, method: request.method, headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!isPage || !type.includes('text/html')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace('</body>', `<script type="module" src="${scriptPath}"></script></body>`);
          const { 'content-length': _length, etag: _etag, ...kept } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, kept);
          response.end(page);
        });
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => proxy.listen(0, 'localhost', resolve));
  return { port: proxy.address().port, close: () => proxy.close() };
}
