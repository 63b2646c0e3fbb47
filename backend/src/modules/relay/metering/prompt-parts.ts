import type { RelayMode } from '../adaptors/adaptor';

/** The text of a request that becomes prompt tokens, plus tokens that are not text (framing, images). */
export interface PromptParts {
  readonly texts: readonly string[];
  readonly fixedTokens: number;
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

function collectContent(content: unknown, texts: string[]): number {
  if (typeof content === 'string') {
    texts.push(content);
    return 0;
  }
  let fixed = 0;
  if (!Array.isArray(content)) return 0;
  for (const part of content) {
    if (!isObj(part)) continue;
    if (typeof part.text === 'string') texts.push(part.text);
    else if (part.type === 'image_url' || part.type === 'input_image') {
      const detail = isObj(part.image_url) ? part.image_url.detail : part.detail;
      fixed += detail === 'low' ? IMAGE_LOW : IMAGE_HIGH;
    }
  }
  return fixed;
}

function collectInput(input: unknown, texts: string[]): number {
  if (typeof input === 'string') {
    texts.push(input);
    return 0;
  }
  if (!Array.isArray(input)) return 0;
  let fixed = 0;
  for (const item of input) {
    if (typeof item === 'string') texts.push(item);
    else if (typeof item === 'number')
      fixed += 1; // token ids
    else if (Array.isArray(item)) fixed += item.length;
    else if (isObj(item)) fixed += collectContent(item.content ?? item.text, texts);
  }
  return fixed;
}

/** Pure: the prompt of a JSON request body, for the reservation estimate and local counting. */
export function promptParts(mode: RelayMode, body: Readonly<Obj>): PromptParts {
  const texts: string[] = [];
  let fixed = 0;
  switch (mode) {
    case 'chat': {
      for (const m of Array.isArray(body.messages) ? body.messages : []) {
        if (!isObj(m)) continue;
        fixed += PER_MESSAGE + (typeof m.name === 'string' ? PER_NAME : 0);
        fixed += collectContent(m.content, texts);
        if (Array.isArray(m.tool_calls)) texts.push(JSON.stringify(m.tool_calls));
      }
      fixed += REPLY_PRIMING;
      if (Array.isArray(body.tools)) texts.push(JSON.stringify(body.tools));
      if (Array.isArray(body.functions)) texts.push(JSON.stringify(body.functions));
      break;
    }
    case 'responses':
      if (typeof body.instructions === 'string') texts.push(body.instructions);
      fixed += collectInput(body.input, texts);
      if (Array.isArray(body.tools)) texts.push(JSON.stringify(body.tools));
      break;
    case 'completions':
      fixed += collectInput(body.prompt, texts);
      break;
    case 'embeddings':
    case 'moderations':
      fixed += collectInput(body.input, texts);
      break;
    case 'rerank':
      if (typeof body.query === 'string') texts.push(body.query);
      fixed += collectInput(body.documents, texts);
      break;
    case 'audio.speech':
      if (typeof body.input === 'string') texts.push(body.input);
      break;
    default:
      if (typeof body.prompt === 'string') texts.push(body.prompt);
  }
  return { texts, fixedTokens: fixed };
}

/**
 * A quick upper estimate without a tokenizer (reservations only): about one token per 3 UTF-8 bytes,
 * which over-counts English (~4 bytes/token) and matches CJK. Billing uses real counts.
 */
export function estimateTokens(parts: PromptParts): number {
  let bytes = 0;
  for (const t of parts.texts) bytes += Buffer.byteLength(t, 'utf8');
  return parts.fixedTokens + Math.ceil(bytes / 3);
}

/** All text the sensitive-word check looks at. */
export function promptText(parts: PromptParts): string {
  return parts.texts.join('\n');
}
