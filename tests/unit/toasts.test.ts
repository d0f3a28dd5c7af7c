import { describe, expect, it } from 'vitest';
import { SWIPE_DISMISS_FRACTION, swipedFarEnough } from '../../src/toasts/swipe';
import { TOAST_DURATION_MS } from '../../src/toasts/notify';

describe('toasts (spec §4)', () => {
  it('close by themselves after 5000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('are dismissed by a drag of 80 % of their width, either way, and not before', () => {
    expect(SWIPE_DISMISS_FRACTION).toBe(0.8);
    expect(swipedFarEnough(284, 356)).toBe(false); // 79.8 %
    expect(swipedFarEnough(285, 356)).toBe(true);
    expect(swipedFarEnough(-300, 356)).toBe(true);
    expect(swipedFarEnough(45, 356)).toBe(false); // sonner's own threshold
    expect(swipedFarEnough(300, 374)).toBe(true); // a phone-wide toast
    expect(swipedFarEnough(10, 0)).toBe(false);
  });
});
