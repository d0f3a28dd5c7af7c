/**
 * The build's JavaScript and CSS targets, derived from the supported browsers of `.browserslistrc`
 * (docs/performance.md#support-target). Without it Astro builds for `esnext` and Vite's CSS
 * minifier (Lightning CSS) rewrites `min-width` media queries into range syntax (`width>=900px`),
 * which Safari before 16.4 ignores: no phone or desktop layout at all there.
 */
import browserslist from 'browserslist';
import type { AstroIntegration } from 'astro';

/** esbuild's names (what Vite's `build.target` and `build.cssTarget` take) for browserslist's. */
const esbuildNames: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
  opera: 'opera',
};

/**
 * The oldest version of each browser in the list, as esbuild targets (`safari15`, `ios15`…).
 * Browsers esbuild does not know (Samsung Internet, a Chromium) are left out: their engines are
 * newer than the Safari 15 the list goes down to, which sets what the output must do without.
 */
export function esbuildTargets(browsers: string[] = browserslist()): string[] {
  const oldest = new Map<string, number[]>();
  for (const entry of browsers) {
    const [name = '', range = ''] = entry.split(' ');
    const target = esbuildNames[name];
    // A range ("15.2-15.3") starts at its first version.
    const version = (range.split('-')[0] ?? '').split('.').map(Number);
    if (!target || version.some(Number.isNaN)) continue;
    const known = oldest.get(target);
    if (!known || compareVersions(version, known) < 0) oldest.set(target, version);
  }
  return [...oldest].map(([target, version]) => `${target}${version.join('.')}`).sort();
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export function browserTargets(): AstroIntegration {
  const target = esbuildTargets();
  return {
    name: 'browser-targets',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            // The pages' CSS is minified (and inlined) by the server build, which takes these.
            build: { target, cssTarget: target },
            plugins: [
              {
                name: 'browser-targets:client',
                // Astro sets the browser build's target to `esnext`; an environment's own options
                // are the way to replace it.
                configEnvironment: (name) =>
                  name === 'client' ? { build: { target, cssTarget: target } } : undefined,
              },
            ],
          },
        });
      },
    },
  };
}
