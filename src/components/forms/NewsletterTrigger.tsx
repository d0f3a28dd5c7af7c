import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { $newsletterOpen, openNewsletter } from '../../stores/newsletter';
import type { NewsletterDialogProps } from './NewsletterDialog';

// The dialog's code is fetched the first time it opens: pages do not pay for it until then.
const NewsletterDialog = lazy(() => import('./NewsletterDialog'));

type Props = Omit<NewsletterDialogProps, 'returnFocusTo'> & { href: string; label: string };

/**
 * The footer's "Stay up to date" link. Without JavaScript (or before hydration) it is a link to
 * the newsletter page; once hydrated it opens the newsletter dialog instead.
 */
export default function NewsletterTrigger({ href, label, ...dialog }: Props) {
  const open = useStore($newsletterOpen);
  const [loaded, setLoaded] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: the page
    event.preventDefault();
    setLoaded(true);
    openNewsletter();
  };

  return (
    <>
      <a ref={link} href={href} data-newsletter-trigger="" onClick={onClick} aria-haspopup="dialog">
        {label}
      </a>
      {(loaded || open) && (
        <Suspense fallback={null}>
          <NewsletterDialog {...dialog} returnFocusTo={link} />
        </Suspense>
      )}
    </>
  );
}
