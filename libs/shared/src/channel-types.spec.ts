import { channelOtherOrDefault, channelTypeInfo, ChannelType, CHANNEL_TYPE_IDS, CHANNEL_TYPES } from './channel-types';
import { builtinModels, builtinModelsByType } from './channel-type-models';
import { otherIsDestination } from './channel-credentials';

describe('channel-type rows: what the editor and the server treat specially', () => {
  it('ids are unique and every named type has a row', () => {
    const ids = CHANNEL_TYPES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of Object.values(ChannelType)) expect(channelTypeInfo(id)).toBeDefined();
  });

  it.each([
    [ChannelType.Azure, 'api_version', 'channel.other_azure_version'],
    [ChannelType.Spark, 'version', 'channel.other_spark_version'],
    [ChannelType.AiProxyLibrary, 'knowledge_id', 'channel.other_knowledge_id'],
    [ChannelType.Cloudflare, 'account', 'channel.other_account_id'],
    [ChannelType.VertexAI, 'region', 'channel.other_region'],
  ])('type %s: other means %s, labelled %s', (type, meaning, labelKey) =>
    expect(channelTypeInfo(type)?.other).toMatchObject({ meaning, labelKey }));

  it('types without an `other` row field have none', () => {
    const withOther = CHANNEL_TYPES.filter((t) => t.other).map((t) => t.id);
    expect(withOther.sort((a, b) => a - b)).toEqual([3, 18, 21, 39, 41]);
  });

  it('Spark saves an empty other as v2.1 and shows it as the placeholder', () => {
    expect(channelOtherOrDefault(ChannelType.Spark, '  ')).toBe('v2.1');
    expect(channelOtherOrDefault(ChannelType.Spark, 'v3.5')).toBe('v3.5');
    expect(channelOtherOrDefault(ChannelType.OpenAI, '')).toBe('');
    expect(channelTypeInfo(ChannelType.Spark)?.other?.default).toBe('v2.1');
  });

  it('only Vertex AI takes a JSON map in other; region and account are root-only destinations', () => {
    expect(CHANNEL_TYPES.filter((t) => t.other?.jsonMap).map((t) => t.id)).toEqual([ChannelType.VertexAI]);
    expect(CHANNEL_TYPES.filter((t) => otherIsDestination(t.id)).map((t) => t.id)).toEqual([ChannelType.Cloudflare, ChannelType.VertexAI]);
  });

  it('address field: none for VolcEngine, the full URL for Custom', () => {
    expect(CHANNEL_TYPES.filter((t) => t.baseUrlField === 'none').map((t) => t.id)).toEqual([ChannelType.VolcEngine]);
    expect(CHANNEL_TYPES.filter((t) => t.baseUrlField === 'full').map((t) => t.id)).toEqual([ChannelType.Custom]);
  });

  it('default models of Midjourney (2, 5) and Suno (36)', () => {
    expect(channelTypeInfo(ChannelType.MidjourneyProxy)?.defaultModels).toHaveLength(7);
    expect(channelTypeInfo(ChannelType.MidjourneyProxyPlus)?.defaultModels).toEqual(expect.arrayContaining(['mj_imagine', 'swap_face']));
    expect(channelTypeInfo(ChannelType.SunoAPI)?.defaultModels).toEqual(['suno_music', 'suno_lyrics']);
    expect(CHANNEL_TYPES.filter((t) => t.defaultModels).map((t) => t.id)).toEqual([2, 5, 36]);
  });

  it('notes for 3, 8, 22, 37, 40, 41; the invitation link only for SiliconFlow; organization only for OpenAI', () => {
    expect(CHANNEL_TYPES.filter((t) => t.noteKey).map((t) => t.id)).toEqual([3, 8, 22, 37, 40, 41]);
    expect(CHANNEL_TYPES.filter((t) => t.noteLink).map((t) => t.id)).toEqual([ChannelType.SiliconFlow]);
    expect(CHANNEL_TYPES.filter((t) => t.organization).map((t) => t.id)).toEqual([ChannelType.OpenAI]);
  });
});

describe('built-in models per channel type', () => {
  it('answers every type, its action models first, else its vendor list, else none', () => {
    const all = builtinModelsByType();
    expect(Object.keys(all).map(Number)).toEqual(CHANNEL_TYPE_IDS);
    expect(builtinModels(ChannelType.SunoAPI)).toEqual(['suno_music', 'suno_lyrics']);
    expect(builtinModels(ChannelType.OpenAI)).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini']));
    expect(builtinModels(ChannelType.Azure)).toEqual(builtinModels(ChannelType.OpenAI));
    expect(builtinModels(ChannelType.VertexAI)).toEqual(expect.arrayContaining(['gemini-2.5-pro', 'claude-sonnet-4-20250514']));
    expect(builtinModels(ChannelType.Custom)).toEqual([]);
    expect(builtinModels(9999)).toEqual([]);
  });
  it('hands out copies', () => {
    builtinModels(ChannelType.DeepSeek).push('x');
    expect(builtinModels(ChannelType.DeepSeek)).toEqual(['deepseek-chat', 'deepseek-reasoner']);
  });
});
