/**
 * The page's one toaster: sonner's `<Toaster>` in a root of its own at the end of `<body>`,
 * loaded by `notify()` the first time a toast is asked for. Styled with the site's colours (the
 * stylesheet comes with this module, so pages without toasts do not carry it either).
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import { TOAST_DURATION_MS, type ToastMessage, type ToasterLabels } from './notify';
import { holdShortSwipes } from './swipe';
import './toaster.css';

function show({ kind = 'info', title, description }: ToastMessage) {
  toast[kind](title, { description });
}

/** Resolves once sonner listens: a toast sent before that would be lost. */
export function mountToaster(labels: ToasterLabels): Promise<(message: ToastMessage) => void> {
  const host = document.createElement('div');
  host.setAttribute('data-toaster', '');
  document.body.append(host);
  holdShortSwipes(host);
  return new Promise((resolve) => {
    createRoot(host).render(<PageToaster labels={labels} onReady={() => resolve(show)} />);
  });
}

function PageToaster({ labels, onReady }: { labels: ToasterLabels; onReady: () => void }) {
  // A parent's effect runs after its children's: by now <Toaster> has subscribed to new toasts.
  useEffect(onReady, [onReady]);
  return (
    <Toaster
      // Below the fixed 70 px header, away from the cookie banner at the bottom.
      position="top-right"
      offset={{ top: 86, right: 16 }}
      mobileOffset={{ top: 78, left: 8, right: 8 }}
      duration={TOAST_DURATION_MS}
      // Dragging sideways dismisses (the spec's drag-to-dismiss); see swipe.ts for the distance.
      swipeDirections={['left', 'right']}
      closeButton
      containerAriaLabel={labels.region}
      toastOptions={{ closeButtonAriaLabel: labels.close, className: 'site-toast' }}
    />
  );
}
