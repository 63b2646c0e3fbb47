import { CHANNEL_TYPES } from '@gw/shared';
import { anthropic } from './anthropic';
import { azure } from './azure';
import { bedrock } from './bedrock';
import type { Capability } from './capabilities';
import { cohere } from './cohere';
import { gemini } from './gemini';
import { BALANCE_QUERIES } from './openai/balance';
import { OPENAI_COMPATIBLE, type OpenAICompatibleConfig } from './openai-compatible';
import { ollama } from './ollama';
import type { BalanceQuery, NativeProvider } from './provider';
import { vertex } from './vertex';

/**
 * Every native provider, once: a provider is its folder (providers/<name>/index.ts). The
 * OpenAI-compatible family is configuration, one line per channel type in openai-compatible.ts.
 */
export const NATIVE_PROVIDERS = [anthropic, azure, bedrock, gemini, ollama, vertex, cohere] as const;

/** The wire protocol a channel type speaks: OpenAI's, or one native provider's. */
export type Protocol = 'openai' | (typeof NATIVE_PROVIDERS)[number]['protocol'];

/** One registry row per supported channel type (names and default base URLs come from libs/shared). */
export interface ProviderEntry {
  readonly channelType: number;
  readonly name: string;
  readonly defaultBaseUrl: string;
  readonly protocol: Protocol;
  readonly capabilities: ReadonlySet<Capability>;
  /** Present for the OpenAI-compatible family. */
  readonly openai?: OpenAICompatibleConfig;
  /** Present for native protocols. */
  readonly native?: NativeProvider<Protocol>;
  /** Present for types whose provider reports a key's balance. */
  readonly balance?: BalanceQuery;
}

function nativeByType(): ReadonlyMap<number, NativeProvider<Protocol>> {
  const byType = new Map<number, NativeProvider<Protocol>>();
  for (const p of NATIVE_PROVIDERS) for (const type of p.channelTypes) byType.set(type, p);
  return byType;
}

function buildRegistry(): ReadonlyMap<number, ProviderEntry> {
  const natives = nativeByType();
  const rows = new Map<number, ProviderEntry>();
  for (const t of CHANNEL_TYPES) {
    const native = natives.get(t.id);
    const openai = t.openaiCompatible ? OPENAI_COMPATIBLE[t.id] : undefined;
    if (!native && !openai) continue;
    const balance = native ? native.balance : BALANCE_QUERIES[t.id];
    rows.set(
      t.id,
      Object.freeze({
        channelType: t.id,
        name: t.name,
        defaultBaseUrl: t.baseUrl,
        protocol: native?.protocol ?? 'openai',
        capabilities: new Set(native?.capabilities ?? openai?.capabilities ?? []),
        ...(openai ? { openai } : {}),
        ...(native ? { native } : {}),
        ...(balance ? { balance } : {}),
      }),
    );
  }
  return rows;
}

/** Channel type id → provider entry, for every type the relay can serve. */
export const PROVIDERS: ReadonlyMap<number, ProviderEntry> = buildRegistry();

export function providerFor(channelType: number): ProviderEntry | undefined {
  return PROVIDERS.get(channelType);
}

/** Whether a channel type serves a capability (unknown types serve nothing). */
export function supports(channelType: number, capability: Capability): boolean {
  return PROVIDERS.get(channelType)?.capabilities.has(capability) ?? false;
}
