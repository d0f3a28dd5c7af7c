/**
 * Polls `check` (here, in the tests: a database, a mailbox, an answer) until it gives a truthy
 * value, which is returned, or fails after `timeoutMs` saying what it waited for. Generous by
 * default: on a busy 2-core machine a server or a page can take many seconds.
 */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
