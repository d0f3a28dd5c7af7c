import { mkdtempSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFileEtags, cacheControlFor, matches, revalidate } from '../../src/server/caching';

describe('caching of the built files', () => {
  it('keeps hashed files a year, the favicon a month, and checks pages on every use', () => {
    expect(cacheControlFor('/_astro/client.CZm0Griy.js')).toContain('immutable');
    expect(cacheControlFor('/favicon.svg')).toMatch(/max-age=\d+/);
    expect(cacheControlFor('/en/contact')).toBe(revalidate);
    expect(cacheControlFor('/en/_astro-lookalike')).toBe(revalidate);
  });

  it('gives a file the ETag of its content, whatever its time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'etags-'));
    writeFileSync(join(dir, 'a.html'), '<p>same</p>');
    writeFileSync(join(dir, 'b.html'), '<p>same</p>');
    utimesSync(join(dir, 'b.html'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    const etagOf = builtFileEtags(dir);
    expect(etagOf('/a.html')).toBe(etagOf('/b.html'));
    writeFileSync(join(dir, 'b.html'), '<p>changed</p>');
    expect(etagOf('/b.html')).not.toBe(etagOf('/a.html'));
    expect(etagOf('/missing.html')).toBeUndefined();
    expect(etagOf('/../etc/passwd')).toBeUndefined();
    expect(etagOf('/%E0%A4%A.html')).toBeUndefined();
  });

  it('compares If-None-Match weakly, in a list or as *', () => {
    expect(matches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matches('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matches('*', 'W/"abc"')).toBe(true);
    expect(matches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matches(undefined, 'W/"abc"')).toBe(false);
  });
});
