/**
 * The shapes every /api answer is built from (docs/console-api.md#envelope): the envelope, a failure,
 * and a page of items. The published contract (docs/api-reference.md) and the API suite's response
 * check use these with the view schemas of views.ts.
 */
import { z } from 'zod';

/** A successful answer carrying `data` of the given shape. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.strictObject({ success: z.literal(true), message: z.string(), data });
}

/** A successful answer without data (`{success: true, message}`). */
export const okEnvelopeSchema = z
  .strictObject({ success: z.literal(true), message: z.string() })
  .meta({ id: 'OkEnvelope', description: 'Success without data.' });

/** Every refusal: an HTTP error status (or 200 where noted) with the localised message and `data: null`. */
export const failureEnvelopeSchema = z
  .strictObject({ success: z.literal(false), message: z.string(), data: z.null() })
  .meta({ id: 'FailureEnvelope', description: 'A refusal: the message follows Accept-Language.' });

/** A page of items: `p` from 0, `page_size` 1..100 (docs/console-api.md#paging). */
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(0),
    page_size: z.number().int().min(1),
  });
}
