import { describe, expect, it } from 'vitest';
import {
  closestResorts,
  findResort,
  matchResorts,
  searchKey,
} from '../../src/lessons/resort-match';
import { resortNames } from '../resort-names';

// The matcher's rules, on resorts shaped like the real ones (the content's own are checked below).
const resorts = [
  { id: 'astun', name: 'Astún' },
  { id: 'baqueira-beret', name: 'Baqueira-Beret', aliases: ['Vaquèira-Beret'] },
  { id: 'la-molina', name: 'La Molina' },
  { id: 'masella', name: 'Masella' },
  { id: 'sierra-nevada', name: 'Sierra Nevada', aliases: ['Pradollano'] },
  { id: 'la-pinilla', name: 'La Pinilla' },
];
const found = (typed: string) => findResort(typed, resorts)?.id;

describe('finding a resort by what is typed', () => {
  it('folds case, accents and punctuation', () => {
    expect(searchKey(' Vaquèira-Beret ')).toBe('vaqueira beret');
    for (const typed of ['Astún', 'astun', 'ASTUN', 'Astun']) expect(found(typed)).toBe('astun');
    expect(found('baqueira beret')).toBe('baqueira-beret');
  });

  it('finds a resort by part of its name, or by an alias', () => {
    expect(found('Baqueira')).toBe('baqueira-beret');
    expect(found('molina')).toBe('la-molina');
    expect(found('sierra')).toBe('sierra-nevada');
    expect(found('nevada')).toBe('sierra-nevada');
    expect(found('vaqueira')).toBe('baqueira-beret');
    expect(found('pradollano')).toBe('sierra-nevada');
    expect(found('olin')).toBe('la-molina'); // inside a word: only one resort has it
  });

  it('names no resort when a part fits several equally, or is too short', () => {
    expect(found('la')).toBeUndefined(); // "La Molina", "La Pinilla": two letters name nothing
    expect(found('sella')).toBe('masella');
    expect(found('lla')).toBeUndefined(); // inside both "Masella" and "Pinilla"
    expect(found('Chamonix')).toBeUndefined();
    expect(found('')).toBeUndefined();
  });

  it('ranks whole names, then starts, then word starts, then parts', () => {
    const more = [...resorts, { id: 'molinar', name: 'Molinar' }];
    expect(matchResorts('molina', more).map((r) => r.id)).toEqual(['molinar', 'la-molina']);
    expect(findResort('molina', more)?.id).toBe('molinar');
    expect(matchResorts('la molina', more).map((r) => r.id)).toEqual(['la-molina']);
  });

  it('offers the closest resorts when nothing matches', () => {
    expect(closestResorts('molna', resorts)[0]?.id).toBe('la-molina');
    expect(closestResorts('baqera', resorts)[0]?.id).toBe('baqueira-beret');
    expect(closestResorts('sierra nevda', resorts)[0]?.id).toBe('sierra-nevada');
    expect(closestResorts('zzz', resorts)).toHaveLength(3);
    expect(closestResorts('', resorts)).toEqual([]);
  });
});

describe('the resorts of content/resorts', () => {
  const content = resortNames();
  it.each(content)(
    '$name is found by its name, id and what people type',
    ({ id, name, aliases, typed }) => {
      for (const text of [name, id, ...aliases, ...typed])
        expect(findResort(text, content)?.id, text).toBe(id);
    },
  );
});
