/**
 * The text each JSON request body was parsed from, by the parsed object itself: a body passed on
 * unchanged can then be sent as the client's bytes instead of being serialised again (for a long
 * conversation that is ~0.1 ms of the event loop per 100 KB). Only objects whose every name appears
 * once are remembered: with a duplicate name, JSON.parse keeps the last one, and an upstream that
 * kept the first would read another model, `n` or size than the one billed.
 * The text is a non-enumerable property of the parsed object, so it goes with the request, and a
 * derived object (a spread, an inbound dialect's conversion) does not carry it and is serialised as
 * before. A mapped model and an added usage request are edited into the text in place
 * (providers/shared/json-text.ts). Not a WeakMap: V8's young-generation collections keep a WeakMap's
 * values alive after their keys died, so every request's text was copied and then moved to the old
 * generation (docs/benchmarks.md).
 */
const SOURCE = Symbol('jsonSource');

/** Remembers `text` as the source of `parsed`, when it holds exactly `members` names as written. */
export function rememberJsonSource(parsed: unknown, text: string, members: number): void {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
  if (Object.keys(parsed).length === members) Object.defineProperty(parsed, SOURCE, { value: text });
}

/** The text `parsed` came from, while it is the parser's own object; else undefined. */
export function jsonSourceOf(parsed: object): string | undefined {
  return (parsed as { [SOURCE]?: string })[SOURCE];
}
