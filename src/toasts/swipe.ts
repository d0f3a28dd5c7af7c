/**
 * Spec §4: a toast is dismissed by dragging it 80 % of its width. Sonner dismisses at a fixed
 * 45 px (`SWIPE_THRESHOLD`, not configurable), or on any flick faster than 0.11 px/ms, whatever the
 * toast's width: 45 px is 13 % of a 356 px desktop toast.
 *
 * Sonner keeps the drag distance in the toast's `--swipe-amount-x` / `--swipe-amount-y` style
 * properties and reads them back on `pointerup` to decide. This listener runs before it (capture
 * phase on an ancestor) and, when the toast has moved less than 80 % of its width, puts the
 * distance back to zero: sonner then sees no swipe, neither a long one nor a fast one, and
 * springs the toast back. From 80 % on it lets sonner dismiss as usual. The result is the spec's
 * rule exactly, measured on the toast's own width (full width on phones).
 */
export const SWIPE_DISMISS_FRACTION = 0.8;

export function swipedFarEnough(
  distancePx: number,
  widthPx: number,
  fraction = SWIPE_DISMISS_FRACTION,
): boolean {
  return widthPx > 0 && Math.abs(distancePx) >= fraction * widthPx;
}

export function holdShortSwipes(root: HTMLElement) {
  root.addEventListener(
    'pointerup',
    (event) => {
      const toast =
        event.target instanceof Element
          ? event.target.closest<HTMLElement>('[data-sonner-toast]')
          : null;
      if (!toast) return;
      const distance = Number.parseFloat(toast.style.getPropertyValue('--swipe-amount-x')) || 0;
      if (swipedFarEnough(distance, toast.getBoundingClientRect().width)) return;
      toast.style.setProperty('--swipe-amount-x', '0px');
      toast.style.setProperty('--swipe-amount-y', '0px');
    },
    { capture: true },
  );
}
