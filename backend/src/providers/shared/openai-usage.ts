import type { UsageReport } from '../provider';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Usage from an OpenAI-format object: chat/completions/embeddings (prompt_tokens, completion_tokens),
 * responses and images (input_tokens, output_tokens), rerank (total_tokens only); cache reads, cache
 * writes (cache_creation_tokens, sent by some compatible upstreams) and audio tokens from the details.
 * Numbers are kept as reported (billing checks them); a field that is not a number marks the report
 * malformed. Null when absent.
 */
export function usageOf(obj: unknown): UsageReport | null {
  if (!isObj(obj) || !isObj(obj.usage)) return null;
  const u = obj.usage;
  let malformed = false;
  const num = (v: unknown): number | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number') return v;
    malformed = true;
    return undefined;
  };
  const prompt = num(u.prompt_tokens) ?? num(u.input_tokens);
  const completion = num(u.completion_tokens) ?? num(u.output_tokens);
  const total = num(u.total_tokens);
  if (prompt === undefined && completion === undefined && total === undefined)
    return malformed ? { promptTokens: 0, completionTokens: 0, malformed } : null;
  const inDetails = (
    isObj(u.prompt_tokens_details)
      ? u.prompt_tokens_details
      : isObj(u.input_tokens_details)
        ? u.input_tokens_details
        : {}
  ) as Obj;
  const outDetails = (
    isObj(u.completion_tokens_details)
      ? u.completion_tokens_details
      : isObj(u.output_tokens_details)
        ? u.output_tokens_details
        : {}
  ) as Obj;
  const report: UsageReport = {
    promptTokens: prompt ?? (total !== undefined ? total - (completion ?? 0) : 0),
    completionTokens: completion ?? 0,
  };
  const parts: [keyof UsageReport, unknown][] = [
    ['cachedTokens', inDetails.cached_tokens],
    ['cacheCreationTokens', inDetails.cache_creation_tokens],
    ['audioInputTokens', inDetails.audio_tokens],
    ['audioOutputTokens', outDetails.audio_tokens],
  ];
  for (const [field, raw] of parts) {
    const n = num(raw);
    if (n !== undefined) (report as unknown as Record<string, number>)[field] = n;
  }
  if (malformed) report.malformed = true;
  return report;
}

/**
 * Usage of a complete JSON response without parsing all of it: OpenAI puts `"usage":{…}` (flat
 * numbers and one level of details) near the end. Undefined when it cannot be found that way.
 */
export function usageFromText(text: string): UsageReport | null | undefined {
  const at = text.lastIndexOf('"usage"');
  if (at === -1) return undefined;
  const open = text.indexOf('{', at);
  if (open === -1 || !/^"usage"\s*:\s*$/.test(text.slice(at, open))) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
      continue;
    }
    if (ch === 34) inString = true;
    else if (ch === 123 /* { */) depth++;
    else if (ch === 125 /* } */ && --depth === 0) {
      try {
        return usageOf({ usage: JSON.parse(text.slice(open, i + 1)) as unknown });
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('');
}

function toolCallsText(calls: unknown): string {
  if (!Array.isArray(calls)) return '';
  return calls
    .map((c) =>
      isObj(c) && isObj(c.function) ? `${String(c.function.name ?? '')}${String(c.function.arguments ?? '')}` : '',
    )
    .join('');
}

/** Generated text of a complete response (counted locally when usage is missing). */
export function responseText(obj: unknown): string {
  if (!isObj(obj)) return '';
  if (Array.isArray(obj.choices)) {
    return obj.choices
      .map((c) => {
        if (!isObj(c)) return '';
        if (typeof c.text === 'string') return c.text;
        const m = isObj(c.message) ? c.message : {};
        return (
          contentText(m.content) +
          (typeof m.reasoning_content === 'string' ? m.reasoning_content : '') +
          toolCallsText(m.tool_calls)
        );
      })
      .join('');
  }
  if (Array.isArray(obj.output)) {
    return obj.output.map((item) => (isObj(item) ? contentText(item.content) : '')).join('');
  }
  return typeof obj.text === 'string' ? obj.text : '';
}

/** Text carried by one stream chunk (chat delta, completion text, or a responses text delta). */
export function chunkText(obj: Obj): string {
  if (Array.isArray(obj.choices)) {
    let text = '';
    for (const c of obj.choices) {
      if (!isObj(c)) continue;
      if (typeof c.text === 'string') text += c.text;
      if (isObj(c.delta)) {
        const d = c.delta;
        if (typeof d.content === 'string') text += d.content;
        if (typeof d.reasoning_content === 'string') text += d.reasoning_content;
        text += toolCallsText(d.tool_calls);
      }
    }
    return text;
  }
  return obj.type === 'response.output_text.delta' && typeof obj.delta === 'string' ? obj.delta : '';
}

/** Usage inside a stream chunk: top-level (chat, completions) or in response.completed. */
export function chunkUsage(obj: Obj): UsageReport | null {
  if (obj.type === 'response.completed' || obj.type === 'response.incomplete') return usageOf(obj.response);
  return usageOf(obj);
}

export { isObj };
