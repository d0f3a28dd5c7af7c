/**
 * The Google hosts as the end-to-end tests see them: every request that leaves the machine is
 * recorded and answered by a stub, so nothing leaves the machine and the tests can tell what a
 * visitor's browser would have asked for (consent.spec.ts, security.spec.ts).
 */
import { expect, type BrowserContext } from '@playwright/test';

const isLocal = (url: string) =>
  /^(https?|wss?):\/\/localhost(:\d+)?\//.test(url) ||
  url.startsWith('data:') ||
  url.startsWith('blob:');

/**
 * What the stubbed Google tag does in Partytown's worker: for each page view pushed to the data
 * layer, one request to the analytics host, as the real tag sends one per page view.
 */
const gtagStub = `(function () {
  var layer = window.dataLayer = window.dataLayer || [];
  var seen = function (args) {
    if (args && args[0] === 'event' && args[1] === 'page_view') {
      fetch('https://www.google-analytics.com/g/collect?en=page_view&dl=' + encodeURIComponent(location.href), { method: 'POST', mode: 'no-cors' });
    }
  };
  for (var i = 0; i < layer.length; i++) seen(layer[i]);
  var push = layer.push;
  layer.push = function () { for (var j = 0; j < arguments.length; j++) seen(arguments[j]); return push.apply(layer, arguments); };
})();`;

export type Network = { thirdParty: string[]; all: string[]; pageViews: () => string[] };

/** The Google tags of the e2e build (tests/e2e/e2e.env): Tag Manager's container and gtag's. */
const googleTagScripts = [
  'googletagmanager.com/gtm.js?id=GTM-TEST01',
  'googletagmanager.com/gtag/js?id=G-TEST000001',
];

/** Waits until each Google tag script has been requested exactly once so far. */
export async function tagsLoadedOnce(network: Network) {
  for (const script of googleTagScripts)
    await expect
      .poll(() => network.thirdParty.filter((u) => u.includes(script)).length, script)
      .toBe(1);
}

/** Records every request of the context and answers every non-local one with a stub. */
export async function watchNetwork(context: BrowserContext): Promise<Network> {
  const network: Network = {
    thirdParty: [],
    all: [],
    pageViews: () => network.thirdParty.filter((u) => u.includes('/g/collect')),
  };
  context.on('request', (request) => {
    network.all.push(request.url());
    if (!isLocal(request.url())) network.thirdParty.push(request.url());
  });
  await context.route(
    (url) => !isLocal(url.href),
    async (route) => {
      const url = route.request().url();
      const headers = { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' };
      if (url.includes('/gtag/js')) return route.fulfill({ status: 200, headers, body: gtagStub });
      if (url.includes('/gtm.js'))
        return route.fulfill({ status: 200, headers, body: '/* tag manager stub */' });
      return route.fulfill({ status: 204, headers });
    },
  );
  return network;
}
