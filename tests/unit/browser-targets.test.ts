/**
 * The build's targets come from the supported browsers (.browserslistrc): the oldest version of
 * each, as esbuild names it, so Lightning CSS and the JavaScript transform serve Safari 15.4 too.
 */
import { describe, expect, test } from 'vitest';
import { esbuildTargets } from '../../src/integrations/browser-targets';

describe('esbuildTargets', () => {
  test('the oldest version of each browser, ranges from their start, unknown engines left out', () => {
    expect(
      esbuildTargets([
        'chrome 157',
        'chrome 156',
        'and_chr 157',
        'firefox 153',
        'safari 26.1',
        'safari 15',
        'ios_saf 18.4',
        'ios_saf 15.2-15.3',
        'samsung 30',
      ]),
    ).toEqual(['chrome156', 'firefox153', 'ios15.2', 'safari15']);
  });

  test('the project’s list reaches down to Safari and iOS 15.4, and Firefox ESR', () => {
    const targets = esbuildTargets();
    expect(targets).toContain('safari15.4');
    expect(targets).toContain('ios15.4');
    expect(targets.some((t) => t.startsWith('firefox'))).toBe(true);
  });
});
