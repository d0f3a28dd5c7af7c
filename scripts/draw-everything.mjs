// The function given to page.evaluate runs in the page, with the browser's globals.
/* global document, HTMLElement, getComputedStyle */

/**
 * Draws every section the browser has skipped so far (`content-visibility: auto`: below the home
 * page's lesson search, a section is drawn only as it nears the viewport), for tools that look at
 * the whole page at once, as a visitor sees it part by part while scrolling: axe cannot tell the
 * colours of content that is not laid out (axe-core#2768), and a full-page screenshot would show it
 * blank. Set through the CSSOM, which the Content Security Policy allows, unlike an injected style
 * sheet.
 * @param {import('@playwright/test').Page} page
 */
export const drawEverything = (page) =>
  page.evaluate(() => {
    for (const element of document.querySelectorAll('*')) {
      if (element instanceof HTMLElement && getComputedStyle(element).contentVisibility === 'auto')
        element.style.contentVisibility = 'visible';
    }
  });
