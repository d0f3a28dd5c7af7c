import type { Quote } from '../../lessons/price';
import { money } from '../../i18n/format';
import { fill, plural, type QuoteStrings } from './text';

type Props = { quote: Quote | null; strings: QuoteStrings; intl: string; headingLevel?: 2 | 3 | 4 };

/**
 * A search's price quote, the same on the home page's search and on the resort page it leads to.
 * A live region: screen readers hear the new price when a field changes it (politely, once the
 * visitor pauses).
 */
export default function QuoteView({ quote, strings, intl, headingLevel = 3 }: Props) {
  const Heading = `h${headingLevel}` as const;
  /** "6 hours over 3 dates": said the same for a private and a group quote. */
  const times = ({ totalHours, dates }: Quote) => (
    <p className="quote__line">
      {fill(strings.times, {
        hours: plural(strings.hours, totalHours, intl),
        dates: plural(strings.dates, dates, intl),
      })}
    </p>
  );
  return (
    <section
      className="quote"
      aria-labelledby="quote-heading"
      data-quote={quote?.kind ?? 'pending'}
    >
      <Heading id="quote-heading" className="quote__heading">
        {strings.heading}
      </Heading>
      <div className="quote__body" aria-live="polite" aria-atomic="true">
        {quote === null && <p className="quote__pending">{strings.pending}</p>}
        {quote?.kind === 'private' && (
          <>
            <p className="quote__line">
              {fill(strings.hourly, {
                price: money(quote.hourly, intl),
                learners: plural(strings.learners, quote.learners, intl),
              })}
            </p>
            {times(quote)}
            <p className="quote__total">
              <span>{strings.total}</span>{' '}
              <strong data-quote-total>{money(quote.total, intl)}</strong>
            </p>
          </>
        )}
        {quote?.kind === 'group' && (
          <>
            <p className="quote__line quote__line--strong">
              {fill(strings.groupTitle, {
                learners: plural(strings.learners, quote.learners, intl),
              })}
            </p>
            {times(quote)}
            <p className="quote__rule" data-group-rule>
              {strings.groupRule}
            </p>
          </>
        )}
      </div>
      {quote?.kind !== 'group' && <p className="quote__rule">{strings.rule}</p>}
    </section>
  );
}
