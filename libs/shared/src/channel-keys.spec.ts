import { channelKeyCount, channelKeyFormat, firstChannelKey, isWholeKeyType, splitChannelKeys } from './channel-keys';
import { ChannelType, channelOtherOrDefault } from './channel-types';

/** A Vertex AI service-account key as Google hands it out: pretty-printed JSON over several lines. */
const VERTEX_KEY = JSON.stringify(
  { type: 'service_account', project_id: 'p', private_key_id: 'k', private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n', client_email: 'sa@p.iam.gserviceaccount.com' },
  null,
  2,
);

describe('splitChannelKeys', () => {
  it.each<[string, number, string, string[]]>([
    ['empty', ChannelType.OpenAI, '  \n ', []],
    ['one key', ChannelType.OpenAI, ' sk-a ', ['sk-a']],
    ['OpenAI keys one per line', ChannelType.OpenAI, 'sk-a\nsk-b\r\n\nsk-c\n', ['sk-a', 'sk-b', 'sk-c']],
    ['comma-separated on one line', ChannelType.OpenAI, 'sk-a, sk-b,,sk-c', ['sk-a', 'sk-b', 'sk-c']],
    ['lines win over commas', ChannelType.OpenAI, 'sk-a,sk-b\nsk-c', ['sk-a,sk-b', 'sk-c']],
    ['duplicates dropped, order kept', ChannelType.OpenAI, 'sk-b\nsk-a\nsk-b', ['sk-b', 'sk-a']],
    ['Bedrock AK|SK|region lines', ChannelType.Bedrock, 'AK1|SK1|us-east-1\nAK2|SK2|eu-west-1', ['AK1|SK1|us-east-1', 'AK2|SK2|eu-west-1']],
    ['Bedrock AK|SK|region|token on one line', ChannelType.Bedrock, 'AK|SK|us-east-1|tok', ['AK|SK|us-east-1|tok']],
    ['Spark APPID|APISecret|APIKey', ChannelType.Spark, 'id|sec|key', ['id|sec|key']],
    ['Vertex compact JSON with commas is one key', ChannelType.VertexAI, '{"a":1,"b":2}', ['{"a":1,"b":2}']],
    ['Vertex pretty-printed JSON is one key', ChannelType.VertexAI, `\n${VERTEX_KEY}\n`, [VERTEX_KEY]],
    ['unknown type splits like OpenAI', 999, 'a\nb', ['a', 'b']],
  ])('%s', (_n, type, key, keys) => {
    expect(splitChannelKeys(type, key)).toEqual(keys);
    expect(channelKeyCount(type, key)).toBe(keys.length);
    expect(firstChannelKey(type, key)).toBe(keys[0] ?? '');
  });

  it('the pretty-printed Vertex key spans several lines (why it must not be split)', () => {
    expect(VERTEX_KEY.split('\n').length).toBeGreaterThan(4);
    expect(splitChannelKeys(ChannelType.OpenAI, VERTEX_KEY).length).toBeGreaterThan(4);
  });

  it('null and undefined are no keys', () => {
    expect(splitChannelKeys(ChannelType.OpenAI, null)).toEqual([]);
    expect(firstChannelKey(ChannelType.VertexAI, undefined)).toBe('');
  });
});

describe('channel type rows', () => {
  it('only Vertex AI keeps its key whole', () => {
    expect(isWholeKeyType(ChannelType.VertexAI)).toBe(true);
    expect(isWholeKeyType(ChannelType.OpenAI)).toBe(false);
    expect(isWholeKeyType(ChannelType.Bedrock)).toBe(false);
  });
  it.each<[number, string | undefined]>([
    [ChannelType.Baidu, 'APIKey|SecretKey'],
    [ChannelType.Spark, 'APPID|APISecret|APIKey'],
    [ChannelType.FastGPT, 'APIKey-AppId'],
    [ChannelType.Tencent, 'AppId|SecretId|SecretKey'],
    [ChannelType.Bedrock, 'AccessKey|SecretKey|Region'],
    [ChannelType.OpenAI, undefined],
  ])('type %s key format %s', (type, format) => expect(channelKeyFormat(type)).toBe(format));
  it.each<[number, string | null | undefined, string]>([
    [ChannelType.Spark, '', 'v2.1'],
    [ChannelType.Spark, ' v3.5 ', 'v3.5'],
    [ChannelType.OpenAI, null, ''],
    [ChannelType.VertexAI, ' us-central1 ', 'us-central1'],
  ])('type %s other %j → %j', (type, other, expected) => expect(channelOtherOrDefault(type, other)).toBe(expected));
});
