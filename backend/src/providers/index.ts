/**
 * The providers layer: the registry of channel types, the adaptor contract, the OpenAI-compatible
 * family and the helpers every provider shares. A provider's own converters are imported from its
 * folder (providers/<name>/), its module object from providers/<name>/index.ts.
 */
export * from './registry';
export * from './adaptor-registry';
export * from './provider';
export { CAPABILITIES, type Capability } from './capabilities';
export { OPENAI_COMPATIBLE, openAICompatiblePath, openAICompatibleUrl, type OpenAICompatibleConfig } from './openai-compatible';
export * from './shared/openai-types';
export * from './shared/usage';
export * from './shared/chunks';
export * from './shared/collect-chunks';
export * from './shared/content';
export * from './shared/errors';
export * from './shared/destination';
export * from './shared/ndjson';
