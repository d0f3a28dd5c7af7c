/**
 * A fake of the marketplace's GraphQL backend for the end-to-end tests (never deployed): the
 * `ResortConditions` operation the site's live conditions relay makes for the resort pages,
 * answered per scenario (see fake-backend-data.ts). Playwright starts it beside the site
 * (playwright.config.ts); it listens where tests/e2e/e2e.env points BACKEND_GRAPHQL_URL. It counts
 * the operations it is sent by `?tag=`, so a test can tell how often the relay asked it
 * (`GET /requests?tag=…`).
 *
 *   node tests/e2e/fake-backend.ts
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  fakeBackendUrl,
  liveConditions,
  resortUuids,
  scenarios,
  toastErrorMessage,
} from './fake-backend-data.ts';

const known = new Set(Object.values(resortUuids));
/** ResortConditions operations received, by the `tag` query parameter of the endpoint's URL. */
const received = new Map<string, number>();
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
  'Access-Control-Max-Age': '600',
};

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { ...cors, 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(
  request: IncomingMessage,
): Promise<{ operationName?: string; variables?: { uuid?: string } } | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

const graphqlError = (message: string) => ({ errors: [{ message, path: ['resort'] }], data: null });

async function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', fakeBackendUrl);
  if (request.method === 'OPTIONS') {
    response.writeHead(204, cors);
    return response.end();
  }
  if (request.method === 'GET' && url.pathname === '/health')
    return send(response, 200, { ok: true });
  if (request.method === 'GET' && url.pathname === '/requests')
    return send(response, 200, { count: received.get(url.searchParams.get('tag') ?? '') ?? 0 });
  if (request.method !== 'POST' || url.pathname !== fakeBackendUrl.pathname)
    return send(response, 404, graphqlError('Not found'));

  const body = await readJson(request);
  if (body?.operationName !== 'ResortConditions')
    return send(response, 400, graphqlError(`Unknown operation ${body?.operationName}`));
  const uuid = body.variables?.uuid ?? '';
  const tag = url.searchParams.get('tag') ?? '';
  received.set(tag, (received.get(tag) ?? 0) + 1);

  switch (url.searchParams.get('scenario') ?? scenarios.live) {
    case scenarios.error:
      return send(response, 200, graphqlError(toastErrorMessage));
    case scenarios.notAuthorized:
      return send(response, 200, graphqlError('Not Authorized'));
    case scenarios.unknownResort:
      return send(response, 200, graphqlError('Error Getting resort for uuid'));
    case scenarios.hangUp:
      return request.socket.destroy();
    case scenarios.message:
      return send(response, 200, graphqlError(url.searchParams.get('message') ?? ''));
    case scenarios.huge:
      return sendHuge(response, Number(url.searchParams.get('megabytes') ?? 300));
    case scenarios.slow:
      await new Promise((resolve) =>
        setTimeout(resolve, Number(url.searchParams.get('delay') ?? 1500)),
      );
      break;
  }
  if (!known.has(uuid)) return send(response, 200, graphqlError('Error Getting resort for uuid'));
  return send(response, 200, { data: { resort: { uuid, ...liveConditions } } });
}

/** `megabytes` MB of a JSON string, a megabyte at a time, as long as the reader takes them. */
async function sendHuge(response: ServerResponse, megabytes: number) {
  response.writeHead(200, { 'content-type': 'application/json' });
  const megabyte = Buffer.alloc(1024 * 1024, 'x');
  response.write('{"data":{"resort":{"uuid":"');
  for (let sent = 0; sent < megabytes && !response.destroyed; sent++)
    if (!response.write(megabyte))
      await Promise.race([once(response, 'drain'), once(response, 'close')]);
  response.end('"}}}');
}

// A page that goes away mid-request (a test ending) must not take the fake down with it.
const server = createServer((request, response) => {
  answer(request, response).catch(() => response.destroy());
});

server.listen(Number(fakeBackendUrl.port), fakeBackendUrl.hostname, () =>
  console.log(`Fake backend on ${fakeBackendUrl.href}`),
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
