/** Pure rules of the daily check-in (docs/check-in.md). */

/** The calendar day of `at` in the process time zone (the `TZ` environment variable) as yyyymmdd. */
export function dayKey(at: Date): number {
  return at.getFullYear() * 10000 + (at.getMonth() + 1) * 100 + at.getDate();
}

/**
 * The quota one check-in grants: `min` (CheckInQuota), or a uniformly random whole amount from `min`
 * to `max` inclusive when `max` (CheckInMaxQuota) is set above it. `random` returns a value in [0, 1).
 */
export function checkInAmount(min: number, max: number, random: () => number = Math.random): number {
  const low = Math.max(0, Math.floor(min));
  const high = Math.floor(max);
  if (!(high > low)) return low;
  return low + Math.min(high - low, Math.floor(random() * (high - low + 1)));
}
