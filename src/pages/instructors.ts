/** Unprefixed address still in circulation: permanently moved to its English page. */
import { unprefixedRedirect } from '../i18n/unprefixed-redirect';

export const prerender = false;
export const GET = unprefixedRedirect('/instructors');
