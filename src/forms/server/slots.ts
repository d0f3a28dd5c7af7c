/**
 * A counting semaphore with a bounded queue and a bounded wait: at most `concurrent` holders at
 * once, at most `queue` waiting. The receiver reads large bodies into memory only while holding a
 * place, which bounds its memory whatever the number of clients (docs/security.md, worst case).
 */
export function createSlots(concurrent: number, queue: number) {
  let held = 0;
  const waiting: ((release: () => void) => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next(once());
    else held -= 1;
  };
  const once = () => {
    let done = false;
    return () => {
      if (!done) {
        done = true;
        release();
      }
    };
  };

  return {
    /** A function giving the place back, or null when none came free within `waitMs` (or the queue is full). */
    acquire(waitMs: number): Promise<(() => void) | null> {
      if (held < concurrent) {
        held += 1;
        return Promise.resolve(once());
      }
      if (waiting.length >= queue) return Promise.resolve(null);
      return new Promise((resolve) => {
        const take = (release: () => void) => {
          clearTimeout(timer);
          resolve(release);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          resolve(null);
        }, waitMs);
        waiting.push(take);
      });
    },
    get held() {
      return held;
    },
  };
}
