/**
 * `client:consent`: hydrates an island only while the visitor's cookie choice is pending (the head
 * script has set `<html data-consent="pending">`). A visitor who has chosen downloads nothing.
 */
import type { ClientDirective } from 'astro';

const consentDirective: ClientDirective = async (load) => {
  if (document.documentElement.dataset.consent !== 'pending') return;
  const hydrate = await load();
  await hydrate();
};

export default consentDirective;
