/**
 * The editing screen as `npm start` serves it (src/editors/editing-screen.ts): Keystatic's UI with
 * the project's configuration, built apart from the public site (scripts/build-editing-screen.mjs)
 * so that no page of the site shares, gains or links a byte of it. `npm run cms` shows the same
 * screen through Astro's dev server.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { makePage } from '@keystatic/astro/ui';
import config from '../../keystatic.config';
import { show } from '../cms/check-panel';
import { SCREEN_REPORT_PATH, type CheckReport } from '../content/check/report';
import './screen.css';

/**
 * The content check's panel (src/cms/check-panel.ts), as under `npm run cms`: when the screen
 * opens, and after every save (a write to the screen's API), the server checks the whole of
 * content/ (src/editors/editing-screen.ts) and the panel lists what it found.
 */
const checkNow = () =>
  fetch(SCREEN_REPORT_PATH)
    .then((response) => response.json() as Promise<CheckReport>)
    .then(show)
    .catch(() => undefined); // signed out: the next save says so
const send = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const response = await send(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (method !== 'GET' && url.includes('/api/keystatic/') && response.ok) void checkNow();
  return response;
};
void checkNow();

const Keystatic = makePage(config);
createRoot(document.getElementById('screen')!).render(createElement(Keystatic));
