import { buildSettings, ChannelType, type Settings } from '@gw/shared';
import { OPENAI_COMPATIBLE, type OpenAICompatibleConfig } from '../openai-compatible';
import type { ProviderDeps } from '../provider';

/** For specs: an options snapshot as a fresh install has it (the libs/shared catalogue defaults), with overrides. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return { ...buildSettings({}), ...overrides };
}

/** For specs: the OpenAI channel type's configuration of the shared OpenAI-format adaptor. */
export const OPENAI_CONFIG: OpenAICompatibleConfig = OPENAI_COMPATIBLE[ChannelType.OpenAI];

/** For specs: upstream dependencies without I/O (no token endpoint: a Vertex prepare() fails). */
export const TEST_DEPS: ProviderDeps = {
  accessTokens: { token: () => Promise.reject(new Error('no token endpoint in unit specs')) },
};
