/**
 * The reviews' shuffle (Reviews.astro): an inline script right after the list, so that it runs
 * while the page is parsed, before the list is painted. Kept here as text, not in the component,
 * because the Content Security Policy allows inline scripts only by hash: the build hashes this
 * same string (src/security/content-security-policy.ts), so editing it cannot break the page.
 */
export const reviewsShuffleScript = `(function (list) {
  // Fisher–Yates shuffle of the reviews just above.
  var items = Array.prototype.slice.call(list.children);
  for (var i = items.length - 1; i > 0; i--) {
    var j = Math.floor(Math.random() * (i + 1));
    var kept = items[i];
    items[i] = items[j];
    items[j] = kept;
  }
  items.forEach(function (item) {
    list.appendChild(item);
  });
})(document.currentScript.previousElementSibling);`;
