/**
 * The backend operation resort pages make: a resort's current status and snow report, by the
 * resort's backend id (`uuid` in content/resorts/*.yaml). The spec shows no operation; this is
 * the one place that names it, should the backend's schema differ.
 *
 * The answer is checked field by field: whatever is missing or malformed is left out, and the
 * page keeps its built value for it.
 */
import * as v from 'valibot';
import type { GraphqlOperation } from './client';

export const RESORT_CONDITIONS_QUERY = `query ResortConditions($uuid: ID!) {
  resort(uuid: $uuid) {
    uuid
    status
    snowReport {
      baseCm
      summitCm
      lastSnowfall
      updatedAt
    }
  }
}`;

export function resortConditionsOperation(uuid: string): GraphqlOperation {
  return { operationName: 'ResortConditions', variables: { uuid }, query: RESORT_CONDITIONS_QUERY };
}

export type ResortConditions = {
  status?: 'open' | 'closed';
  snow?: { baseCm?: number; summitCm?: number; lastSnowfall?: string; updatedAt?: string };
};

/** A field that may be absent or wrong: undefined then, never a failure of the whole answer. */
const lenient = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined);
const centimetres = lenient(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5000)));
const isoMoment = lenient(
  v.pipe(
    v.string(),
    v.check((text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text))),
  ),
);

const AnswerSchema = v.object({
  resort: v.object({
    status: lenient(v.pipe(v.string(), v.toLowerCase(), v.picklist(['open', 'closed']))),
    snowReport: lenient(
      v.object({
        baseCm: centimetres,
        summitCm: centimetres,
        // A date-time is accepted for a day: its date part is the day.
        lastSnowfall: lenient(
          v.pipe(
            v.string(),
            v.transform((text) => text.slice(0, 10)),
            v.isoDate(),
          ),
        ),
        updatedAt: isoMoment,
      }),
    ),
  }),
});

/** What a `ResortConditions` answer says, or null when it says nothing usable. */
export function readResortConditions(data: unknown): ResortConditions | null {
  const result = v.safeParse(AnswerSchema, data);
  if (!result.success) return null;
  const { status, snowReport } = result.output.resort;
  const snow = Object.fromEntries(
    Object.entries(snowReport ?? {}).filter(([, value]) => value !== undefined),
  );
  const conditions: ResortConditions = {};
  if (status) conditions.status = status as 'open' | 'closed';
  if (Object.keys(snow).length) conditions.snow = snow;
  return Object.keys(conditions).length ? conditions : null;
}
