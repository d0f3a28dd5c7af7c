/**
 * The editors' check (`npm run content:check`, src/content/check): each ordinary mistake an editor
 * makes is made once, in a copy of the real content, and the check must name the file, the line
 * where there is one and the field, in plain words, with what to write instead.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkContent,
  contentWarnings,
  formatProblem,
  formatProblems,
  formatWarnings,
} from '../../src/content/check';

const root = resolve(import.meta.dirname, '../..');
const temporaryDirs: string[] = [];

afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of content/ with one mistake made in it; returns the check's messages. */
function checkWith(edit: (dir: string) => void): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'));
  temporaryDirs.push(dir);
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  edit(dir);
  return checkContent(dir).map(formatProblem);
}

function change(dir: string, path: string, replace: (text: string) => string) {
  const before = readFileSync(join(dir, path), 'utf8');
  const after = replace(before);
  if (after === before) throw new Error(`The test's edit changed nothing in ${path}`);
  writeFileSync(join(dir, path), after);
}

/** A resort file, an English posting and its French twin, taken from the content as it is. */
const resort = readdirSync(join(root, 'content/resorts')).sort()[0]!;
const otherResort = readdirSync(join(root, 'content/resorts')).sort()[1]!;
const posting = readdirSync(join(root, 'content/jobs/en')).sort()[0]!;
const pack = /^\s*- id: (\S+)/m.exec(
  readFileSync(join(root, 'content/rental-packs.yaml'), 'utf8'),
)![1]!;
const resortId = resort.replace(/\.yaml$/, '');
const resortLines = readFileSync(join(root, `content/resorts/${resort}`), 'utf8')
  .replace(/\n$/, '')
  .split('\n').length;
/** Names a photo in the resort's file, with its description in every language. */
function withPhoto(dir: string, name: string) {
  const alt = '{ en: The slopes, fr: Les pistes, es: Las pistas, pt: As pistas }';
  change(
    dir,
    `content/resorts/${resort}`,
    (t) => `${t.replace(/\n?$/, '\n')}photo: ${name}\nphotoAlt: ${alt}\n`,
  );
}
const line = (path: string, pattern: RegExp) =>
  readFileSync(join(root, path), 'utf8')
    .split('\n')
    .findIndex((l) => pattern.test(l)) + 1;

describe('the editors’ content check', () => {
  it('finds nothing wrong in the content as it is', () => {
    expect(checkContent(root).map(formatProblem)).toEqual([]);
  });

  it.each([
    {
      mistake: 'a misspelled optional field',
      edit: (d: string) =>
        change(d, `content/jobs/en/${posting}`, (t) => t.replace(/^order:/m, 'oder:')),
      says: [
        `content/jobs/en/${posting}, line ${line(`content/jobs/en/${posting}`, /^order:/)}: oder`,
        'not a field the site knows',
        'did you mean order?',
      ],
    },
    {
      mistake: 'an impossible date',
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) =>
          t.replace(/opens: \d{4}-\d\d-\d\d/, 'opens: 2026-02-30'),
        ),
      says: [
        `content/resorts/${resort}, line ${line(`content/resorts/${resort}`, /^season:/)}: season.opens`,
        '2026-02-30 is not a date in the calendar',
      ],
    },
    {
      mistake: 'a date written day/month/year',
      edit: (d: string) =>
        change(d, `content/jobs/en/${posting}`, (t) =>
          t.replace(/^posted: .*/m, 'posted: 23/11/2026'),
        ),
      says: [
        `content/jobs/en/${posting}`,
        'posted "23/11/2026" is not a date: write year-month-day, e.g. 2026-11-23',
      ],
    },
    {
      mistake: 'a .yml file',
      edit: (d: string) =>
        renameSync(
          join(d, `content/resorts/${resort}`),
          join(d, `content/resorts/${resort.replace('.yaml', '.yml')}`),
        ),
      says: [
        `content/resorts/${resort.replace('.yaml', '.yml')}: is not read by the site: rename it to content/resorts/${resort}`,
      ],
    },
    {
      mistake: 'a posting written only in French',
      edit: (d: string) => rmSync(join(d, `content/jobs/en/${posting}`)),
      says: [
        `content/jobs/fr/${posting}: has no English posting: write content/jobs/en/${posting} first`,
      ],
    },
    {
      mistake: 'two files for the same resort, in different letter case',
      edit: (d: string) =>
        cpSync(
          join(d, `content/resorts/${resort}`),
          join(d, `content/resorts/${resort[0]!.toUpperCase()}${resort.slice(1)}`),
        ),
      says: [`is the same resort as content/resorts/`, 'letter case does not count'],
    },
    {
      mistake: 'a repeated pack id',
      edit: (d: string) =>
        change(d, 'content/rental-packs.yaml', (t) =>
          t.replace(/(^\s*- id: \S+[\s\S]*?^\s*- id: )\S+/m, `$1${pack.toUpperCase()}`),
        ),
      says: [
        'content/rental-packs.yaml, line',
        `is already used by the pack on line ${line('content/rental-packs.yaml', /^\s*- id:/)}`,
      ],
    },
    {
      mistake: 'a pack a resort lists that does not exist',
      edit: (d: string) =>
        change(d, 'content/rental-packs.yaml', (t) =>
          t.replace(`- id: ${pack}\n`, `- id: ${pack}x\n`),
        ),
      says: ['rental.packs lists', `did you mean ${pack}x?`],
    },
    {
      mistake: 'a list file without its key line (the list written as before)',
      edit: (d: string) =>
        change(d, 'content/rental-packs.yaml', (t) =>
          t.replace(/^packs:\n/m, '').replace(/^ {2}/gm, ''),
        ),
      says: [
        'content/rental-packs.yaml, line',
        'has its packs without the line "packs:" above them',
        '"- id:" indented by two spaces',
      ],
    },
    {
      mistake: 'a list file’s key misspelled',
      edit: (d: string) =>
        change(d, 'content/prices.yaml', (t) => t.replace(/^prices:/m, 'price:')),
      says: [
        `content/prices.yaml, line ${line('content/prices.yaml', /^prices:/)}: price`,
        'did you mean prices?',
      ],
    },
    {
      mistake: 'a list file’s key missing, something else in its place',
      edit: (d: string) =>
        change(d, 'content/reviews.yaml', (t) => t.replace(/^reviews:/m, 'home:')),
      says: [
        'content/reviews.yaml, line',
        'home is not what the site reads here: the file holds only "reviews:"',
        'content/reviews.yaml: reviews is missing: write "reviews:" on a line of its own',
      ],
    },
    {
      mistake: 'a wrong value in an entry of a list file',
      edit: (d: string) =>
        change(d, 'content/cookies.yaml', (t) =>
          t.replace(/^(\s*)party: first$/m, '$1party: frist'),
        ),
      says: [
        `content/cookies.yaml, line ${line('content/cookies.yaml', /^\s*party: first$/)}: cookie "`,
        'party must be one of first, third (not "frist")',
      ],
    },
    {
      mistake: 'a team name typo',
      edit: (d: string) =>
        change(d, `content/jobs/en/${posting}`, (t) => t.replace(/^team: (.*\w)\w$/m, 'team: $1')),
      says: [`content/jobs/en/${posting}`, 'team is', 'did you mean'],
    },
    {
      mistake: 'a placeholder typo in a translation',
      edit: (d: string) =>
        change(d, 'content/translations/fr.json', (t) => t.replace('{{resort}}', '{{resrot}}')),
      says: [
        `content/translations/fr.json, line ${line('content/translations/fr.json', /\{\{resort\}\}/)}: `,
        'uses {{resrot}}, which the English text does not have: did you mean {{resort}}?',
      ],
    },
    {
      mistake: 'a team name typo on the only posting of its team',
      edit: (d: string) => {
        // The posting's team left with no other posting in any language: nothing to compare with
        // but the list of teams.
        const team = (path: string) =>
          /^team: (.*)$/m.exec(readFileSync(join(d, path), 'utf8'))![1]!;
        const alone = team(`content/jobs/en/${posting}`);
        for (const other of readdirSync(join(d, 'content/jobs/en'))) {
          if (other !== posting && team(`content/jobs/en/${other}`) === alone) {
            for (const locale of readdirSync(join(d, 'content/jobs'))) {
              rmSync(join(d, 'content/jobs', locale, other), { force: true });
            }
          }
        }
        change(d, `content/jobs/en/${posting}`, (t) => t.replace(/^team: (.*\w)\w$/m, 'team: $1'));
      },
      says: [
        `content/jobs/en/${posting}, line ${line(`content/jobs/en/${posting}`, /^team:/)}: team is`,
        'which is not a team of content/teams.yaml: did you mean',
      ],
    },
    {
      mistake: 'a team written in a translation (the English posting names the team)',
      edit: (d: string) =>
        change(d, `content/jobs/fr/${posting}`, (t) =>
          t.replace(/^location: .*$/m, (l) => `${l}\nteam: Tech`),
        ),
      says: [
        `content/jobs/fr/${posting}, line ${line(`content/jobs/fr/${posting}`, /^location:/) + 1}: team is the English posting's to give: remove it from this file`,
        `every language shows the team of content/jobs/en/${posting}`,
      ],
    },
    {
      mistake: 'a placeholder typo in a posting',
      edit: (d: string) =>
        change(d, 'content/jobs/fr/head-of-partnerships.md', (t) =>
          t.replace('{{brand}}', '{{brnad}}'),
        ),
      says: [
        'content/jobs/fr/head-of-partnerships.md, line',
        '{{brnad}} is not a placeholder the site knows: did you mean brand?',
      ],
    },
    {
      mistake: 'a backend uuid copied from another resort',
      edit: (d: string) => {
        const uuid = /^uuid: (\S+)/m.exec(
          readFileSync(join(d, `content/resorts/${resort}`), 'utf8'),
        )![1]!;
        change(d, `content/resorts/${otherResort}`, (t) =>
          t.replace(/^uuid: \S+/m, `uuid: ${uuid}`),
        );
      },
      says: [
        `content/resorts/${otherResort}, line ${line(`content/resorts/${otherResort}`, /^uuid:/)}: uuid is the same as in content/resorts/${resort}`,
      ],
    },
    {
      mistake: 'a comma too many in a translation file',
      edit: (d: string) =>
        change(d, 'content/translations/es.json', (t) => t.replace(/"\n(\s*)\}/, '",\n$1}')),
      says: ['content/translations/es.json, line', 'cannot be read as JSON', 'a comma too many'],
    },
    {
      mistake: 'broken YAML',
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) => t.replace(/^status: (\w+)/m, 'status: [$1')),
      says: [`content/resorts/${resort}, line`, 'cannot be read as YAML'],
    },
    {
      mistake: 'a country that does not exist',
      edit: (d: string) =>
        change(d, `content/jobs/en/${posting}`, (t) => t.replace(/^country: \w\w/m, 'country: XX')),
      says: [
        `content/jobs/en/${posting}, line`,
        'country is not a country code: write the two-letter code',
      ],
    },
    {
      mistake: 'a value outside its closed list',
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) => t.replace(/^status: \w+/m, 'status: opened')),
      says: [
        `content/resorts/${resort}, line`,
        'status must be one of open, closed (not "opened")',
      ],
    },
    {
      mistake: 'a missing field',
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) => t.replace(/^status: .*\n/m, '')),
      says: [`content/resorts/${resort}`, 'status is missing: write one of open, closed'],
    },
    {
      mistake: 'an unknown site fact',
      edit: (d: string) =>
        change(d, 'content/site-facts.json', (t) => t.replace('"users"', '"resorts": 6, "users"')),
      says: ['content/site-facts.json: stats.resorts is not a fact the site knows'],
    },
    {
      mistake: 'a deleted site fact',
      edit: (d: string) =>
        change(d, 'content/site-facts.json', (t) => t.replace(/"users": \d+,\s*/, '')),
      says: ['content/site-facts.json: stats.users is missing'],
    },
    {
      mistake: 'a resort photo whose file is not there',
      edit: (d: string) => withPhoto(d, `${resortId}.jpg`),
      says: [
        `content/resorts/${resort}, line ${resortLines + 1}: photo is "${resortId}.jpg", but there is no such file next to content/resorts/${resort}: put the photo in content/resorts/ and write its file name here exactly`,
      ],
    },
    {
      mistake: 'a resort photo named in another letter case',
      edit: (d: string) => {
        withPhoto(d, `${resortId}.jpg`);
        writeFileSync(join(d, `content/resorts/${resortId}.JPG`), 'a photo');
      },
      says: [
        `photo is "${resortId}.jpg", but there is no such file`,
        `did you mean ${resortId}.JPG? Letter case counts.`,
      ],
    },
    {
      mistake: 'a photo in a type the site cannot show',
      edit: (d: string) => {
        withPhoto(d, `${resortId}.heic`);
        writeFileSync(join(d, `content/resorts/${resortId}.heic`), 'a photo');
      },
      says: [
        `photo is "${resortId}.heic", a .heic file, which the site cannot show: save the photo as JPEG (.jpg), PNG, WebP or AVIF`,
      ],
    },
    {
      mistake: 'a photo without its description',
      edit: (d: string) => {
        writeFileSync(join(d, `content/resorts/${resortId}.jpg`), 'a photo');
        change(d, `content/resorts/${resort}`, (t) => `${t}photo: ${resortId}.jpg\n`);
      },
      says: [
        `content/resorts/${resort}, line ${resortLines + 1}: photo has no description: add photoAlt, saying in each language what the photo shows`,
      ],
    },
    {
      mistake: 'a photo no entry names',
      edit: (d: string) => writeFileSync(join(d, 'content/resorts/forgotten.jpg'), 'a photo'),
      says: [
        'content/resorts/forgotten.jpg: is a photo no entry names: write its file name in the photo field',
      ],
    },
    {
      mistake: 'a review portrait not next to the reviews file',
      edit: (d: string) =>
        change(d, 'content/reviews.yaml', (t) =>
          t.replace(/^( *)- id: (\S+)\n/m, '$1- id: $2\n$1  portrait: portraits/ana.jpg\n'),
        ),
      says: [
        'portrait is "portraits/ana.jpg", but there is no such file next to content/reviews.yaml',
      ],
    },
    {
      mistake: 'a lift price typed with a decimal comma in the form (62,50 saved as 6250)',
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) => t.replace(/adult: [\d.]+/, 'adult: 6250')),
      says: [
        `content/resorts/${resort}, line ${line(`content/resorts/${resort}`, /^liftPrices:/)}: liftPrices.adult must be at most 200 euros (cents after a point: 29.90), not 6250`,
      ],
    },
    {
      mistake: 'a price written with a decimal comma in the file',
      edit: (d: string) =>
        change(d, 'content/prices.yaml', (t) => t.replace(/amount: [\d.]+/, 'amount: "29,90"')),
      says: ['amount is written with a comma (29,90): write 29.90, cents after a point'],
    },
    {
      mistake: 'a private lesson above 200 euros an hour',
      edit: (d: string) =>
        change(d, 'content/site-facts.json', (t) =>
          t.replace(/"privateHourly": [\d.]+/, '"privateHourly": 2990'),
        ),
      says: [
        'content/site-facts.json: lessons.privateHourly is wrong: must be at most 200 euros (cents after a point: 29.9 for €29.90) (the file has 2990)',
      ],
    },
    {
      mistake: 'a job title over 70 characters',
      edit: (d: string) =>
        change(d, `content/jobs/en/${posting}`, (t) =>
          t.replace(/^title: .*$/m, `title: ${'Senior '.repeat(28)}engineer`),
        ),
      says: [
        `content/jobs/en/${posting}, line 2: title is longer than 70 characters: shorten it (it has 204)`,
      ],
    },
    {
      mistake: 'a posting with no text',
      edit: (d: string) =>
        change(d, `content/jobs/en/${posting}`, (t) =>
          t.replace(/^(---\n[\s\S]*?\n---\n)[\s\S]*$/, '$1\n'),
        ),
      says: [
        `content/jobs/en/${posting}`,
        'has no text below its fields: write the posting’s description',
      ],
    },
    {
      mistake: 'a description pasted hundreds of times',
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) =>
          t
            .replace(
              /^( {2}en: )>-\n/m,
              `$1"${'Snow all winter. '.repeat(5800)}"\n  __dropped: >-\n`,
            )
            .replace(/^ {2}__dropped: >-\n(?: {4}.*\n)+/m, ''),
        ),
      says: ['description.en is longer than 2,000 characters: shorten it (it has 98,599)'],
    },
    ...[
      { field: 'salary', value: '{ min: 1000, max: 2000, per: month }', locale: 'fr' },
      { field: 'order', value: '999', locale: 'es' },
      { field: 'workplace', value: 'on-site', locale: 'fr' },
    ].map(({ field, value, locale }) => ({
      // The page would show the English posting's anyway: the copy would only mislead its editor.
      mistake: `a translation that writes its own ${field} (the English posting's fact)`,
      edit: (d: string) =>
        change(d, `content/jobs/${locale}/${posting}`, (t) =>
          t.replace(/^location: .*$/m, (l) => `${l}\n${field}: ${value}`),
        ),
      says: [
        `content/jobs/${locale}/${posting}, line ${line(`content/jobs/${locale}/${posting}`, /^location:/) + 1}: ${field} is the English posting's to give: remove it from this file (every language shows the ${field} of content/jobs/en/${posting}; a translation writes only its title, location and description)`,
      ],
    })),
    ...['EU', 'ZZ', 'XA'].map((code) => ({
      mistake: `the country code ${code}, which no country has`,
      edit: (d: string) =>
        change(d, `content/resorts/${resort}`, (t) =>
          t.replace(/^country: \w+/m, `country: ${code}`),
        ),
      says: [
        `content/resorts/${resort}, line ${line(`content/resorts/${resort}`, /^country:/)}: country`,
        'is not a country code',
      ],
    })),
    {
      mistake: 'two resorts of the same name in other letter case and accents',
      edit: (d: string) => {
        const name = /^name: (.*)$/m.exec(
          readFileSync(join(d, `content/resorts/${resort}`), 'utf8'),
        )![1]!;
        change(d, `content/resorts/${otherResort}`, (t) =>
          t.replace(
            /^name: .*$/m,
            `name: ${name.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '')}`,
          ),
        );
      },
      says: [
        `content/resorts/${otherResort}, line ${line(`content/resorts/${otherResort}`, /^name:/)}: name`,
        `is already the name of the resort of content/resorts/${resort}`,
      ],
    },
  ])('$mistake is named in plain words', ({ edit, says }) => {
    const messages = checkWith(edit);
    const all = messages.join('\n');
    for (const words of says) expect(all).toContain(words);
    // Plain words: no stack trace, no internal names, no zero locations.
    expect(all).not.toMatch(/\n\s+at |Zod|zod|ZodError|invalid_type|:0:0|\*\*/);
  });

  it('accepts a photo as the editing UI saves it, in a folder named after the resort', () => {
    const messages = checkWith((d) => {
      mkdirSync(join(d, `content/resorts/${resortId}`));
      writeFileSync(join(d, `content/resorts/${resortId}/photo.jpg`), 'a photo');
      withPhoto(d, `./${resortId}/photo.jpg`);
    });
    expect(messages).toEqual([]);
  });

  it('names the copy, not the original, when a resort is duplicated in the editing UI', () => {
    // "Duplicate entry" keeps the name and the uuid; the copy's file name sorts before the original's.
    const copy = resort.replace(/\.yaml$/, '-1.yaml');
    const messages = checkWith((d) =>
      cpSync(join(d, `content/resorts/${resort}`), join(d, `content/resorts/${copy}`)),
    );
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(new RegExp(`^content/resorts/${copy}`));
    expect(messages.join('\n')).toContain(`uuid is the same as in content/resorts/${resort}`);
    expect(messages.join('\n')).toContain(
      `is already the name of the resort of content/resorts/${resort}`,
    );
  });

  it('warns of a season that has ended, without stopping the build', () => {
    const closes = /closes: (\d{4}-\d\d-\d\d)/.exec(
      readFileSync(join(root, `content/resorts/${resort}`), 'utf8'),
    )![1]!;
    const dayAfter = new Date(Date.parse(closes) + 86_400_000);
    const lastDay = new Date(Date.parse(closes));
    expect(contentWarnings(root, lastDay).map(formatProblem).join('\n')).not.toContain(resort);
    const warnings = contentWarnings(root, dayAfter).map(formatProblem);
    expect(warnings).toContain(
      `content/resorts/${resort}, line ${line(`content/resorts/${resort}`, /^season:/)}: season ended on ${closes}: the resort's pages say the next season's dates are to be announced until you write them in season.opens and season.closes`,
    );
    expect(formatWarnings(contentWarnings(root, dayAfter))).toContain('(the site still builds)');
  });

  it('lists every problem at once', () => {
    const messages = checkWith((d) => {
      change(d, `content/resorts/${resort}`, (t) => t.replace(/^status: \w+/m, 'status: opened'));
      change(d, `content/jobs/en/${posting}`, (t) => t.replace(/^order:/m, 'oder:'));
    });
    expect(messages).toHaveLength(2);
    expect(formatProblems(checkContent(root))).toContain('0 problems');
  });
});
