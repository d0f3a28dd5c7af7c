import { describe, expect, it } from 'vitest';
import { swipedFarEnough } from '../../src/toasts/swipe';

// That a toast closes by itself after 5 s, and that a drag dismisses it in the browser, is shown
// end to end (tests/e2e/resort-live.spec.ts). Here: where exactly a drag starts to dismiss.
describe('toasts (spec §4)', () => {
  it('are dismissed by a drag of 80 % of their width, either way, and not before', () => {
    expect(swipedFarEnough(284, 356)).toBe(false); // 79.8 %
    expect(swipedFarEnough(285, 356)).toBe(true);
    expect(swipedFarEnough(-300, 356)).toBe(true);
    expect(swipedFarEnough(45, 356)).toBe(false); // sonner's own threshold
    expect(swipedFarEnough(300, 374)).toBe(true); // a phone-wide toast
    expect(swipedFarEnough(10, 0)).toBe(false);
  });
});
