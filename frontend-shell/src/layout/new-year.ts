/** The New Year easter egg shows on 1 January, local time (docs/console.md "Home, about and footer"). Pure. */
export function isNewYearsDay(now: Date): boolean {
  return now.getMonth() === 0 && now.getDate() === 1;
}
