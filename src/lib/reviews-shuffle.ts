/**
 * The reviews' shuffle (Reviews.astro): an inline script right after the list, so that it runs
 * while the page is parsed, before the list is painted. Kept here as text, not in the component,
 * because the Content Security Policy allows inline scripts only by hash: the build hashes this
 * same string (src/security/content-security-policy.ts), so editing it cannot break the page.
 * A Fisher–Yates shuffle of the list just above (l), written short: it is in the home page's
 * first response (docs/performance.md), whose spaces and comments every visitor would download.
 */
export const reviewsShuffleScript =
  '(function(l){for(var a=[].slice.call(l.children),i=a.length-1;i>0;i--){var j=Math.floor(Math.random()*(i+1)),k=a[i];a[i]=a[j];a[j]=k}a.forEach(function(e){l.appendChild(e)})})(document.currentScript.previousElementSibling);';
