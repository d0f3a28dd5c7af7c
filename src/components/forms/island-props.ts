/**
 * What a page gives its form island besides the form's own props (FormIslandProps): the form's
 * texts, the receiver's address (FORMS_ENDPOINT, else the site's own), the locale, and the page
 * itself, where the receiver sends a browser that posted without JavaScript back to. Build-time
 * only (it reads the configuration): the islands get the values as props.
 */
import { config } from '../../config';
import type { Locale } from '../../i18n/locales';
import { pathTo, type PageId, type RouteParams } from '../../i18n/routes';
import type { FormIslandProps, SubmissionTexts } from './SubmissionForm';

export const formIslandProps = <Strings extends Omit<SubmissionTexts, 'success'>>(
  strings: Strings,
  locale: Locale,
  page: PageId,
  params: RouteParams = {},
): FormIslandProps<Strings> => ({
  strings,
  endpoint: config.formsEndpoint,
  locale,
  returnTo: pathTo(page, locale, params),
});
