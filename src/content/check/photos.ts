/**
 * Photos in the editors' check: a `photo` or `portrait` field names an image file relative to the
 * content file it is written in (src/content/schemas.ts). The build would stop on a missing file
 * with Astro's terse "Image … does not exist"; here the editor reads which file, which field, and
 * what to do. Every photo file under content/ must be named by some entry: one no entry names is
 * reported (a misspelled name in the entry leaves the photo unused).
 */
import { readdirSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { z } from 'astro/zod';
import { photoExtensions } from '../schemas';
import { nearest } from './problems';

/** Whether a file of content/ is a photo by its name (any image type, even one the site cannot use). */
export const isPhotoFile = (path: string) =>
  /\.(jpe?g|png|webp|avif|gif|heic|heif|tiff?|bmp|svg)$/i.test(path);

/** The files of a folder, by their exact names (the build's file system tells letter case apart). */
function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/**
 * The photo schema for one content file (`file`, relative to `root`): the named file must exist,
 * letter case included, and be of a type the site can use. Each file found is added to `named`
 * (paths relative to `root`, with forward slashes).
 */
export function photoIn(root: string, file: string, named: Set<string>) {
  const folder = dirname(file);
  return z.string().superRefine((written, ctx) => {
    const path = join(folder, written).split('\\').join('/');
    const type = extname(written).slice(1).toLowerCase();
    if (!(photoExtensions as readonly string[]).includes(type)) {
      ctx.addIssue({
        code: 'custom',
        message: `is "${written}", ${type ? `a .${type} file, which the site cannot show` : 'a name without a file type (.jpg…)'}: save the photo as JPEG (.jpg), PNG, WebP or AVIF, put it next to ${file} and write its file name here, e.g. photo.jpg`,
      });
      return;
    }
    const relativeToFolder = relative(folder, path).split('\\').join('/');
    const names = filesIn(join(root, dirname(path)));
    const name = path.split('/').at(-1)!;
    if (!relativeToFolder.startsWith('..') && names.includes(name)) {
      named.add(path);
      return;
    }
    const sameButCase = names.find((n) => n.toLowerCase() === name.toLowerCase());
    const near = sameButCase ?? nearest(name, names.filter(isPhotoFile));
    ctx.addIssue({
      code: 'custom',
      message: `is "${written}", but there is no such file next to ${file}: put the photo in ${folder}/ and write its file name here exactly${near ? ` (did you mean ${near}?${sameButCase ? ' Letter case counts.' : ''})` : ''}`,
    });
  });
}
