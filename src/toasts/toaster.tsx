/**
 * The page's one toaster: sonner's `<Toaster>` in a root of its own at the end of `<body>`,
 * loaded by `notify()` the first time a toast is asked for; it shows the toasts of the toasts
 * store (src/stores/toasts.ts), and sits above the cookie banner while the consent store says a
 * choice is pending. Styled with the site's colours (the
 * stylesheet comes with this module, so pages without toasts do not carry it either).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import { $consent } from '../stores/consent';
import { $toasts, takeToasts } from '../stores/toasts';
import { TOAST_DURATION_MS, type ToastMessage, type ToasterLabels } from './notify';
import { holdShortSwipes } from './swipe';
import './toaster.css';

function show({ kind = 'info', title, description }: ToastMessage) {
  toast[kind](title, { description });
}

export function mountToaster(labels: ToasterLabels) {
  const host = document.createElement('div');
  host.setAttribute('data-toaster', '');
  document.body.append(host);
  holdShortSwipes(host);
  createRoot(host).render(<PageToaster labels={labels} />);
}

/**
 * The space the cookie banner takes at the bottom while it asks (0 once a choice is made): toasts
 * sit just above it rather than over its buttons.
 */
function consentBannerHeight(pending: boolean): number {
  if (!pending) return 0;
  return document.querySelector<HTMLElement>('[data-consent-banner]')?.offsetHeight ?? 0;
}

function PageToaster({ labels }: { labels: ToasterLabels }) {
  const waiting = useStore($toasts);
  // A parent's effect runs after its children's: by now <Toaster> has subscribed to new toasts.
  useEffect(() => {
    if (waiting.length > 0) for (const message of takeToasts()) show(message);
  }, [waiting]);
  const banner = consentBannerHeight(useStore($consent).status === 'pending');
  return (
    <Toaster
      // At the bottom: at the top, under the fixed header, a toast covered the page's heading on
      // a phone (the first thing a visitor reads on arrival, when toasts come).
      position="bottom-right"
      offset={{ bottom: banner + 16, right: 16 }}
      mobileOffset={{ bottom: banner + 8, left: 8, right: 8 }}
      duration={TOAST_DURATION_MS}
      // Dragging sideways dismisses (the spec's drag-to-dismiss); see swipe.ts for the distance.
      swipeDirections={['left', 'right']}
      closeButton
      containerAriaLabel={labels.region}
      toastOptions={{ closeButtonAriaLabel: labels.close, className: 'site-toast' }}
    />
  );
}
