import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';

it('every resort has its own backend uuid', () => {
  const files = readdirSync('content/resorts').filter((name) => name.endsWith('.yaml'));
  const uuids = files.map(
    (name) => (parse(readFileSync(`content/resorts/${name}`, 'utf8')) as { uuid?: unknown }).uuid,
  );
  expect(uuids.every((uuid) => typeof uuid === 'string' && /^[0-9a-f-]{36}$/.test(uuid))).toBe(
    true,
  );
  expect(new Set(uuids).size).toBe(files.length);
});
