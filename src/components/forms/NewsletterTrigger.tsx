import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import type { NewsletterDialogProps } from './NewsletterDialog';

// The dialog's code is fetched the first time it opens: pages do not pay for it until then.
const NewsletterDialog = lazy(() => import('./NewsletterDialog'));

type Props = Omit<NewsletterDialogProps, 'returnFocusTo' | 'open' | 'onClose'> & { href: string; label: string };

/**
 * The footer's "Stay up to date" link. Without JavaScript (or before hydration) it is a link to
 * the newsletter page; once hydrated it opens the newsletter dialog instead.
 */
export default function NewsletterTrigger({ href, label, ...dialog }: Props) {
  const [open, setOpen] = useState(false);
  // Mounted at the first opening and kept (closed) after: a typed address survives a reopening.
  const [loaded, setLoaded] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: the page
    event.preventDefault();
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      <a ref={link} href={href} data-newsletter-trigger="" onClick={onClick} aria-haspopup="dialog">
        {label}
      </a>
      {loaded && (
        <Suspense fallback={null}>
          <NewsletterDialog {...dialog} open={open} onClose={() => setOpen(false)} returnFocusTo={link} />
        </Suspense>
      )}
    </>
  );
}
