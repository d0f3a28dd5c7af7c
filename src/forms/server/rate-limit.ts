/**
 * A per-client fixed-window counter: at most `max` submissions per `windowSeconds` from one
 * address. In memory: the receiver is one process, and a restart forgetting the counts is harmless.
 */
export function createRateLimiter(
  { max, windowSeconds }: { max: number; windowSeconds: number },
  now = () => Date.now(),
) {
  const windowMs = windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();

  return {
    /** Counts one attempt; returns the seconds to wait when the client is over the limit. */
    hit(client: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
      const time = now();
      if (windows.size > 10_000) {
        for (const [key, w] of windows) if (time - w.start >= windowMs) windows.delete(key);
      }
      let current = windows.get(client);
      if (!current || time - current.start >= windowMs) {
        current = { start: time, count: 0 };
        windows.set(client, current);
      }
      current.count += 1;
      if (current.count <= max) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((current.start + windowMs - time) / 1000)),
      };
    },
  };
}

/** The sender's address, what the limits count by (Astro throws when the adapter cannot tell). */
export function clientOf(context: { readonly clientAddress: string }) {
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}
