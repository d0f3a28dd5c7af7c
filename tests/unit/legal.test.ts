import { describe, expect, it } from 'vitest';
import { faqItems, faqPageData } from '../../src/content/faq-items';
import { lifetimeInWords, parseLifetime } from '../../src/consent/cookie-lifetime';
import { fillPlaceholders as fillFacts } from '../../src/content/markdown-placeholders';
import { money as euros } from '../../src/i18n/format';
import { factAt, facts } from '../../src/site-facts';

const words = (text: string, locale: string) =>
  lifetimeInWords(parseLifetime(text), locale, 'session');

describe('cookie lifetimes', () => {
  it('are written in words per locale', () => {
    expect(words('93 days', 'en')).toBe('93 days');
    expect(words('93 days', 'fr')).toBe('93\u00a0jours'); // a no-break space keeps the number with its unit
    expect(words('13 months', 'es')).toBe('13 meses');
    expect(words('24 hours', 'fr')).toBe('24\u00a0heures');
    expect(words('1 day', 'en')).toBe('1 day');
    expect(words('session', 'fr')).toBe('session');
  });

  it('turn a number of seconds into the largest whole unit', () => {
    expect(words('31536000 seconds', 'en')).toBe('1 year');
    expect(words('31536000 seconds', 'es')).toBe('1 año');
    expect(words('172800 seconds', 'en')).toBe('2 days');
    expect(words('90 seconds', 'en')).toBe('90 seconds');
  });

  it('read site facts, so the policy states what the consent code sets', () => {
    expect(parseLifetime('{{cookies.consentDays}} days')).toEqual({
      session: false,
      amount: facts.cookies.consentDays,
      unit: 'day',
    });
    const source = { cookies: { consentDays: 7 } };
    expect(parseLifetime('{{cookies.consentDays}} days', source)).toEqual({
      session: false,
      amount: 7,
      unit: 'day',
    });
  });

  it('reject what is not a lifetime, naming the problem', () => {
    expect(() => parseLifetime('forever')).toThrow(/"forever" is not a lifetime/);
    expect(() => parseLifetime('3 weeks')).toThrow(/not a lifetime/);
    expect(() => parseLifetime('{{cookies.nope}} days')).toThrow(
      /\{\{cookies\.nope\}\} is not a number/,
    );
  });

  it('find facts by dotted path, and nothing through inherited keys', () => {
    expect(factAt('lessons.group.max')).toBe(facts.lessons.group.max);
    expect(factAt('lessons.nope')).toBeUndefined();
    expect(factAt('lessons.constructor')).toBeUndefined();
  });
});

describe('facts in FAQ text', () => {
  it('writes euros as the locale does, without cents for whole amounts', () => {
    expect(euros(29.9, 'en')).toBe('€29.90');
    expect(euros(29.9, 'fr')).toBe('29,90\u00a0€');
    expect(euros(5, 'es')).toBe('5\u00a0€');
  });

  it('fills facts, amounts and the brand', () => {
    const { privateHourly, extraPersonHourly, freeChangeHours } = facts.lessons;
    expect(
      fillFacts(
        '{{lessons.privateHourly:euros}} + {{lessons.extraPersonHourly:euros}}/h, {{lessons.freeChangeHours}} h',
        'fr',
        'x.yaml',
      ),
    ).toBe(
      `${euros(privateHourly, 'fr')} + ${euros(extraPersonHourly, 'fr')}/h, ${freeChangeHours} h`,
    );
    expect(fillFacts('{{brand}}', 'en', 'x.yaml')).toMatch(/\S/);
  });

  it('fails on an unknown placeholder, naming the file', () => {
    expect(() => fillFacts('{{lessons.nope}}', 'en', 'content/faq/learners.yaml')).toThrow(
      /content\/faq\/learners\.yaml/,
    );
    expect(() => fillFacts('{{lessons.nope:euros}}', 'en', 'content/faq/learners.yaml')).toThrow(
      /content\/faq\/learners\.yaml/,
    );
  });
});

describe('FAQ items', () => {
  const entries = [
    {
      id: 'cancel',
      question: { en: 'Cancel?', fr: 'Annuler ?', es: '¿Cancelar?' },
      answer: { en: 'Up to {{lessons.freeChangeHours}} hours.\n\nFree.', fr: 'Oui.', es: 'Sí.' },
    },
    {
      question: { en: 'Price?', fr: 'Prix ?', es: '¿Precio?', pt: 'Preço?' },
      answer: { en: 'A', fr: 'B', es: 'C', pt: 'D' },
    },
  ];

  it('fall back to English where a locale has no translation, and say so', () => {
    const items = faqItems(entries, 'pt', 'x.yaml');
    expect(items.map((i) => [i.id, i.lang, i.question])).toEqual([
      ['cancel', 'en', 'Cancel?'],
      ['question-2', 'pt', 'Preço?'],
    ]);
    expect(items[0]?.paragraphs).toEqual([
      `Up to ${facts.lessons.freeChangeHours} hours.`,
      'Free.',
    ]);
  });

  it('give FAQPage data with one Question per item and the visible answer', () => {
    const data = faqPageData(faqItems(entries, 'en', 'x.yaml'), 'en');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(2);
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'Cancel?',
      acceptedAnswer: {
        '@type': 'Answer',
        text: `Up to ${facts.lessons.freeChangeHours} hours.\n\nFree.`,
      },
    });
  });
});

describe('FAQ text', () => {
  it('keeps French no-break spaces while joining wrapped lines', () => {
    const [item] = faqItems(
      [
        {
          question: { en: 'a', fr: 'Annuler\u202f?', es: 'c' },
          answer: { en: 'a', fr: 'Oui\u202f:\n  sans frais.', es: 'c' },
        },
      ],
      'fr',
      'x.yaml',
    );
    expect(item?.question).toBe('Annuler\u202f?');
    expect(item?.paragraphs).toEqual(['Oui\u202f: sans frais.']);
  });
});
