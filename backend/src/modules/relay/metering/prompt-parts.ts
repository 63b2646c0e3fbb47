import type { RelayMode } from '../../../providers/provider';

/** The text of a request that becomes prompt tokens, plus tokens that are not text (framing, images). */
export interface PromptParts {
  readonly texts: readonly string[];
  readonly fixedTokens: number;
  /**
   * Parts whose tokens the estimate cannot see (audio, files, uploads, a previous response kept
   * upstream): the upstream's prompt count may be far above the estimate.
   */
  readonly opaque?: boolean;
  /** The texts are billed by characters, not tokens (tts-1, tts-1-hd: as new-api does). */
  readonly characters?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** OpenAI's chat framing: 3 tokens per message, 1 per name, 3 to prime the reply. */
const PER_MESSAGE = 3;
const PER_NAME = 1;
const REPLY_PRIMING = 3;
/** A low-detail image; high detail is estimated at a 1024×1024 tiling. */
const IMAGE_LOW = 85;
const IMAGE_HIGH = 765;

/** What collecting found besides texts: fixed tokens, and whether some part could not be estimated. */
interface Collected {
  fixed: number;
  opaque: boolean;
}

function collectContent(content: unknown, texts: string[], into: Collected): void {
  if (typeof content === 'string') {
    texts.push(content);
    return;
  }
  if (!Array.isArray(content)) return;
  for (const part of content) {
    if (!isObj(part)) continue;
    if (typeof part.text === 'string') texts.push(part.text);
    else if (part.type === 'image_url' || part.type === 'input_image') {
      const detail = isObj(part.image_url) ? part.image_url.detail : part.detail;
      into.fixed += detail === 'low' ? IMAGE_LOW : IMAGE_HIGH;
    } else into.opaque = true; // input_audio, file, input_file...
  }
}

function collectInput(input: unknown, texts: string[], into: Collected): void {
  if (typeof input === 'string') {
    texts.push(input);
    return;
  }
  if (!Array.isArray(input)) return;
  for (const item of input) {
    if (typeof item === 'string') texts.push(item);
    else if (typeof item === 'number')
      into.fixed += 1; // token ids
    else if (Array.isArray(item)) into.fixed += item.length;
    else if (isObj(item)) {
      const content = item.content ?? item.text ?? item.output;
      if (content === undefined) into.opaque = true; // function calls, reasoning items, item references
      collectContent(content, texts, into);
    }
  }
}

/** Pure: the prompt of a JSON request body, for the reservation estimate and local counting. */
export function promptParts(mode: RelayMode, body: Readonly<Obj>): PromptParts {
  const texts: string[] = [];
  const c: Collected = { fixed: 0, opaque: false };
  let characters = false;
  switch (mode) {
    case 'chat': {
      for (const m of Array.isArray(body.messages) ? body.messages : []) {
        if (!isObj(m)) continue;
        c.fixed += PER_MESSAGE + (typeof m.name === 'string' ? PER_NAME : 0);
        collectContent(m.content, texts, c);
        if (Array.isArray(m.tool_calls)) texts.push(JSON.stringify(m.tool_calls));
      }
      c.fixed += REPLY_PRIMING;
      if (Array.isArray(body.tools)) texts.push(JSON.stringify(body.tools));
      if (Array.isArray(body.functions)) texts.push(JSON.stringify(body.functions));
      break;
    }
    case 'responses':
      if (typeof body.instructions === 'string') texts.push(body.instructions);
      collectInput(body.input, texts, c);
      if (Array.isArray(body.tools)) texts.push(JSON.stringify(body.tools));
      // Earlier turns kept upstream count as prompt without being in the body.
      if (body.previous_response_id || body.conversation || body.prompt) c.opaque = true;
      break;
    case 'completions':
      collectInput(body.prompt, texts, c);
      break;
    case 'embeddings':
    case 'moderations':
      collectInput(body.input, texts, c);
      break;
    case 'rerank':
      if (typeof body.query === 'string') texts.push(body.query);
      collectInput(body.documents, texts, c);
      break;
    case 'audio.speech':
      if (typeof body.input === 'string') texts.push(body.input);
      characters = typeof body.model === 'string' && body.model.startsWith('tts');
      break;
    default:
      if (typeof body.prompt === 'string') texts.push(body.prompt);
  }
  return {
    texts,
    fixedTokens: c.fixed,
    ...(c.opaque ? { opaque: true } : {}),
    ...(characters ? { characters: true } : {}),
  };
}

/** Unicode characters (code points) of the texts: how tts-1 input is billed. */
export function characterCount(texts: readonly string[]): number {
  let n = 0;
  for (const t of texts) for (const _ of t) n++;
  return n;
}

/**
 * A quick upper estimate without a tokenizer (reservations only): about one token per 3 UTF-8 bytes,
 * which over-counts English (~4 bytes/token) and matches CJK. Billing uses real counts.
 */
export function estimateTokens(parts: PromptParts): number {
  if (parts.characters) return parts.fixedTokens + characterCount(parts.texts);
  let bytes = 0;
  for (const t of parts.texts) bytes += Buffer.byteLength(t, 'utf8');
  return parts.fixedTokens + Math.ceil(bytes / 3);
}

/** All text the sensitive-word check looks at. */
export function promptText(parts: PromptParts): string {
  return parts.texts.join('\n');
}
