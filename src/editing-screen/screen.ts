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
import './screen.css';

const Keystatic = makePage(config);
createRoot(document.getElementById('screen')!).render(createElement(Keystatic));
