import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorToastMessage,
  graphqlRequest,
  requestInit,
  type GraphqlFailure,
} from '../../src/graphql/client';
import {
  readResortConditions,
  resortConditionsOperation,
} from '../../src/graphql/resort-conditions';

const operation = {
  operationName: 'ResortConditions',
  variables: { uuid: 'abc' },
  query: 'query ResortConditions($uuid: ID!) { resort(uuid: $uuid) { status } }',
};

/** A fetch that answers `body` with `status`, and keeps what it was asked. */
function answering(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('the GraphQL request', () => {
  it('POSTs JSON {operationName, variables, query} to the endpoint', async () => {
    const { fetch, calls } = answering({ data: { resort: { status: 'open' } } });
    const result = await graphqlRequest({ url: 'http://localhost:4000/graphql' }, operation, {
      fetch,
    });
    expect(result).toEqual({ ok: true, data: { resort: { status: 'open' } } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://localhost:4000/graphql');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      operationName: operation.operationName,
      variables: { uuid: 'abc' },
      query: operation.query,
    });
  });

  it('sends an Authorization header only when there is a token', () => {
    expect(requestInit(operation).headers).not.toHaveProperty('Authorization');
    expect(requestInit(operation, null).headers).not.toHaveProperty('Authorization');
    expect(requestInit(operation, '').headers).not.toHaveProperty('Authorization');
    expect(requestInit(operation, 'secret').headers).toMatchObject({
      Authorization: 'Bearer secret',
    });
  });

  it('returns the GraphQL errors of an answer, whatever its HTTP status', async () => {
    const errors = [{ message: 'Boom' }, { message: 'Second' }];
    for (const status of [200, 400, 500]) {
      const result = await graphqlRequest(
        { url: 'http://x/graphql' },
        operation,
        answering({ errors, data: null }, status),
      );
      expect(result).toEqual({ ok: false, failure: { kind: 'graphql', errors } });
    }
  });

  it('tells an HTTP error and a body that is not GraphQL apart', async () => {
    expect(
      await graphqlRequest({ url: 'http://x' }, operation, answering('<h1>Bad gateway</h1>', 502)),
    ).toEqual({ ok: false, failure: { kind: 'http', status: 502 } });
    expect(
      await graphqlRequest({ url: 'http://x' }, operation, answering('not json', 200)),
    ).toEqual({ ok: false, failure: { kind: 'invalid' } });
    expect(
      await graphqlRequest({ url: 'http://x' }, operation, answering({ data: null }, 200)),
    ).toEqual({ ok: false, failure: { kind: 'invalid' } });
  });

  describe('against a real socket', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/slow') setTimeout(() => response.end('{"data":{}}'), 2000);
        else if (request.url === '/hang-up') request.socket.destroy();
        else response.end('{"data":{"ok":true}}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    it('gives up after the timeout', async () => {
      const started = Date.now();
      const result = await graphqlRequest({ url: `${base}/slow`, timeoutMs: 150 }, operation);
      expect(result).toEqual({ ok: false, failure: { kind: 'timeout', afterMs: 150 } });
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('reports a closed connection and a port where nothing listens as network failures', async () => {
      const hangUp = await graphqlRequest({ url: `${base}/hang-up` }, operation);
      expect(hangUp.ok).toBe(false);
      expect(!hangUp.ok && hangUp.failure.kind).toBe('network');
      const nobody = await graphqlRequest({ url: 'http://127.0.0.1:9/graphql' }, operation);
      expect(!nobody.ok && nobody.failure.kind).toBe('network');
    });

    it('answers in time otherwise', async () => {
      expect(await graphqlRequest({ url: `${base}/fine`, timeoutMs: 1000 }, operation)).toEqual({
        ok: true,
        data: { ok: true },
      });
    });
  });
});

describe('which errors show the error toast (spec §8)', () => {
  const graphql = (...messages: string[]): GraphqlFailure => ({
    kind: 'graphql',
    errors: messages.map((message) => ({ message })),
  });

  it('any GraphQL error, with the first error’s message', () => {
    expect(errorToastMessage(graphql('Resort service unavailable', 'another'))).toBe(
      'Resort service unavailable',
    );
  });

  it('not "not authorized", in any letter case', () => {
    for (const message of [
      'not authorized',
      'Not Authorized',
      'NOT AUTHORIZED',
      ' not authorized ',
    ])
      expect(errorToastMessage(graphql(message))).toBeNull();
  });

  it('not "Error Getting resort for uuid", with or without the id after it', () => {
    expect(errorToastMessage(graphql('Error Getting resort for uuid'))).toBeNull();
    expect(
      errorToastMessage(
        graphql('Error Getting resort for uuid 3f6b1c2e-0000-4000-8000-000000000000'),
      ),
    ).toBeNull();
    expect(errorToastMessage(graphql('Error Getting resort for uuids list'))).toBe(
      'Error Getting resort for uuids list',
    );
  });

  it('only when the first error is a silent one', () => {
    expect(errorToastMessage(graphql('Boom', 'not authorized'))).toBe('Boom');
    expect(errorToastMessage(graphql('not authorized', 'Boom'))).toBeNull();
    expect(errorToastMessage(graphql('not authorized to see this'))).toBe(
      'not authorized to see this',
    );
  });

  it('never for a failure that is not a GraphQL answer: the page keeps its values', () => {
    expect(errorToastMessage({ kind: 'network', message: 'Failed to fetch' })).toBeNull();
    expect(errorToastMessage({ kind: 'timeout', afterMs: 8000 })).toBeNull();
    expect(errorToastMessage({ kind: 'http', status: 502 })).toBeNull();
    expect(errorToastMessage({ kind: 'invalid' })).toBeNull();
  });
});

describe('a resort’s live conditions', () => {
  it('are asked by the resort’s uuid', () => {
    expect(resortConditionsOperation('u-1')).toMatchObject({
      operationName: 'ResortConditions',
      variables: { uuid: 'u-1' },
    });
    expect(resortConditionsOperation('u-1').query).toMatch(
      /^query ResortConditions\(\$uuid: ID!\)/,
    );
  });

  it('keep every well-formed field of the answer and drop the rest', () => {
    expect(
      readResortConditions({
        resort: {
          status: 'OPEN',
          snowReport: {
            baseCm: 85,
            summitCm: -3,
            lastSnowfall: '2027-01-04T18:00:00Z',
            updatedAt: '2027-01-05T07:30:00Z',
          },
        },
      }),
    ).toEqual({
      status: 'open',
      snow: { baseCm: 85, lastSnowfall: '2027-01-04', updatedAt: '2027-01-05T07:30:00Z' },
    });
    expect(readResortConditions({ resort: { status: 'half-open', snowReport: null } })).toBeNull();
    expect(readResortConditions({ resort: null })).toBeNull();
    expect(readResortConditions({ resort: { status: 'closed' } })).toEqual({ status: 'closed' });
  });
});
