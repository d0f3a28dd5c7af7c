/**
 * Text made plain for matching and for addresses: the one accent folding and the one slug of the
 * project (resort search, heading anchors, the editors' check, the benchmark's synthetic content).
 */

/** The text without its accents and other combining marks: "Tuca de Boí" → "Tuca de Boi". */
export const foldAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Lowercase ASCII words joined by hyphens: "Coll d’Aran 1550" → "coll-d-aran-1550". */
export const slugify = (text: string): string =>
  foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
