/**
 * Figures the pages state that the content already holds, counted from it rather than typed
 * beside it (a typed "5 resorts" went stale the day a sixth resort file was added).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// From the project's root, where every build, test and script runs: this module is also bundled
// into the build's pages (FAQ answers fill placeholders), where its own address is elsewhere.
const resortsFolder = join(process.cwd(), 'content/resorts');

/** How many resorts the site lists: one file per resort in content/resorts. */
export function resortCount(folder = resortsFolder): number {
  return readdirSync(folder).filter((name) => name.endsWith('.yaml')).length;
}

/** Placeholders markdown may use for counted figures: `{{stats.resorts}}`. */
export function countedFacts(): Record<string, number> {
  return { 'stats.resorts': resortCount() };
}
