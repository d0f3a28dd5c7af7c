/**
 * `map`'s value for `key`, made by `make` the first time it is asked for. The build's rewrites
 * meet the same few stylesheets, scripts and tags on thousands of pages: each is worked out once.
 */
export function remembered<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as V;
}
