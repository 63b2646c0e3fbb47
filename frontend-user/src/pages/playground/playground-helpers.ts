/** The playground's rules (docs/console.md#playground): settings, the request body, the kept conversation. Pure. */

export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Assistant replies only: loading → incomplete (streaming) → complete or error. */
  status?: MessageStatus;
}

export interface PlaygroundSettings {
  /** '' = the user's own group. */
  group: string;
  model: string;
  temperature: number;
  /** 0 = not sent. */
  maxTokens: number;
  systemPrompt: string;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const TEMPERATURE = { min: 0.1, max: 1, step: 0.1 } as const;

export const DEFAULT_SETTINGS: PlaygroundSettings = { group: '', model: '', temperature: 0, maxTokens: 0, systemPrompt: '' };

/** The model to preselect: the kept one while still offered, else gpt-4o-mini when offered, else the first. */
export function pickModel(models: string[], current: string): string {
  if (current && models.includes(current)) return current;
  if (models.includes(DEFAULT_MODEL)) return DEFAULT_MODEL;
  return models[0] ?? current;
}

/** Max tokens typed by the user: an integer, 0 when empty or not a number, never negative. */
export function parseMaxTokens(input: string | number | undefined | null): number {
  const n = typeof input === 'number' ? input : parseInt(String(input ?? '').trim(), 10);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The slider's value snapped to 0.1 steps (the default 0 is kept until the user moves it). */
export function snapTemperature(t: number): number {
  if (!Number.isFinite(t) || t <= 0) return 0;
  return Math.min(TEMPERATURE.max, Math.max(TEMPERATURE.min, Math.round(t * 10) / 10));
}

export interface PlaygroundRequest {
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  stream: true;
  model: string;
  group: string;
  temperature: number;
  max_tokens?: number;
}

/**
 * The body of POST /pg/chat/completions: the system prompt first when non-empty, then the conversation
 * (replies that failed or are still empty are left out), max_tokens only when above 0.
 */
export function buildRequest(settings: PlaygroundSettings, history: ChatMessage[]): PlaygroundRequest {
  const system = settings.systemPrompt.trim() ? [{ role: 'system' as const, content: settings.systemPrompt }] : [];
  const turns = history
    .filter((m) => m.role === 'user' || (m.status !== 'error' && m.status !== 'loading' && m.content !== ''))
    .map((m) => ({ role: m.role, content: m.content }));
  const body: PlaygroundRequest = {
    messages: [...system, ...turns],
    stream: true,
    model: settings.model,
    group: settings.group,
    temperature: settings.temperature,
  };
  const max = parseMaxTokens(settings.maxTokens);
  if (max > 0) body.max_tokens = max;
  return body;
}

/** An error text joined to what the reply already holds. */
export function withError(content: string, message: string): string {
  return content ? `${content}\n\n${message}` : message;
}

export interface KeptConversation {
  settings: PlaygroundSettings;
  messages: ChatMessage[];
}

/** localStorage key of a user's conversation: each signed-in user keeps their own. */
export const storageKey = (userId: number | string) => `playground:${userId}`;

/**
 * A kept conversation read back; anything unreadable falls back to the defaults. A reply that was
 * still streaming when the page closed stays as far as it got (incomplete).
 */
export function parseKept(raw: string | null): KeptConversation {
  const empty = { settings: { ...DEFAULT_SETTINGS }, messages: [] };
  if (!raw) return empty;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!data || typeof data !== 'object') return empty;
  const d = data as { settings?: Partial<PlaygroundSettings>; messages?: unknown };
  const s = d.settings ?? {};
  const settings: PlaygroundSettings = {
    group: typeof s.group === 'string' ? s.group : '',
    model: typeof s.model === 'string' ? s.model : '',
    temperature: snapTemperature(Number(s.temperature)),
    maxTokens: parseMaxTokens(s.maxTokens),
    systemPrompt: typeof s.systemPrompt === 'string' ? s.systemPrompt : '',
  };
  const messages = (Array.isArray(d.messages) ? d.messages : []).flatMap((m): ChatMessage[] => {
    if (!m || typeof m !== 'object') return [];
    const { id, role, content, status } = m as Partial<ChatMessage>;
    if ((role !== 'user' && role !== 'assistant') || typeof content !== 'string') return [];
    const kept: ChatMessage = { id: typeof id === 'string' ? id : newId(), role, content };
    if (role === 'assistant') kept.status = status === 'loading' || status === 'incomplete' || !status ? 'incomplete' : status;
    return [kept];
  });
  return { settings, messages };
}

let seq = 0;
export function newId(): string {
  seq += 1;
  return `${Date.now().toString(36)}-${seq}`;
}
