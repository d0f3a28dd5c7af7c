/**
 * The plausible bounds of what editors type, in one place: the content's schemas (./schemas.ts,
 * ../site-facts.ts) refuse beyond them and the editing UI's fields (src/cms/fields.ts) stop the
 * same values beside the field. A price typed the French way in a number field (29,90 read as
 * 2990) or a text pasted twice lands far outside them.
 */
export const BOUNDS = {
  /** A private lesson's hour, a day's lift pass or rental pack, in euros. */
  dayEuros: 200,
  /** Any other amount of the site facts (a monthly pass, a referral bonus), in euros. */
  factEuros: 1000,
  /** A row of the price list, a week's rental included, in euros. */
  priceEuros: 1000,
  /** A title or a name: a posting's title, a resort's, a team's (search results show 70 whole). */
  title: 70,
  /** A line: a location, an age band, a label. */
  line: 200,
  /** A paragraph in one language: a resort's description, an answer, a review. */
  paragraph: 2000,
  /** A posting's text (the longest is about 2,200 characters). */
  body: 20_000,
  /** Runs of one colour at one resort, kilometres of slopes, snow in centimetres. */
  runs: 500,
  km: 1000,
  snowCm: 2000,
  /** A gross salary in euros, per year or per month. */
  salary: { year: 500_000, month: 50_000 },
} as const;
