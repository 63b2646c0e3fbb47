import { z } from 'zod';

/**
 * PUT /api/option/: one option, its value sent as a string, number or boolean and kept as a string.
 * Whether the key exists and the value fits its kind is the catalogue's rule (options.ts optionValueProblem
 * and friends), checked by the option service.
 */
export const optionUpdateSchema = z.object({
  key: z.string().min(1).max(191),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});
