/**
 * The resorts as content/resorts/*.yaml names them, and what a visitor would type for each: the
 * longest word of its name and every alias, in lowercase without accents ("baqueira", "molina",
 * "astun", "sierra"). Read from the files so an editor's change is what the tests check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { foldAccents } from '../src/lib/slug';

export type ResortNames = { id: string; name: string; aliases: string[]; typed: string[] };

const fold = (text: string) => foldAccents(text).toLowerCase();

export function resortNames(): ResortNames[] {
  return readdirSync('content/resorts')
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => {
      const data = parse(readFileSync(`content/resorts/${file}`, 'utf8')) as {
        name: string;
        aliases?: string[];
      };
      const words = data.name.split(/[^\p{L}\p{N}]+/u);
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
      const aliases = data.aliases ?? [];
      return {
        id: file.replace(/\.yaml$/, ''),
        name: data.name,
        aliases,
        typed: [fold(longest), ...aliases.map(fold)],
      };
    });
}
