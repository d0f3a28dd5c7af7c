/** Unprefixed address still in circulation (app store listings): moved to its English page. */
import { unprefixedRedirect } from '../i18n/unprefixed-redirect';

export const prerender = false;
export const GET = unprefixedRedirect('/download');
