import {
  bedrockRegionsOf,
  checkChannelRegions,
  credentialChanges,
  isValidRegion,
  paramOverrideHeaders,
  vertexRegionsOf,
} from './channel-credentials';

const stored = {
  type: 41,
  base_url: 'https://vertex.example',
  other: 'us-central1',
  openai_organization: '',
  setting: '{"proxy":""}',
  param_override: '{"temperature":0,"headers":{"x-a":"1"}}',
};

describe('channel credential rules', () => {
  it.each([
    ['us-central1', true],
    ['global', true],
    ['europe-west4', true],
    ['127.0.0.1:4491/steal#', false],
    ['US-CENTRAL1', false],
    ['us central1', false],
    ['', false],
    [3, false],
  ])('region %j valid: %s', (region, valid) => expect(isValidRegion(region)).toBe(valid));

  it('lists the regions of a Vertex other and of Bedrock keys', () => {
    expect(vertexRegionsOf('')).toEqual([]);
    expect(vertexRegionsOf(' us-east5 ')).toEqual(['us-east5']);
    expect(vertexRegionsOf('{"default":"us-central1","claude":"evil.host/x#"}')).toEqual([
      'us-central1',
      'evil.host/x#',
    ]);
    expect(vertexRegionsOf('{bad')).toBeNull();
    expect(bedrockRegionsOf('AK|SK|us-east-1\nAK2|SK2|evil.com#')).toEqual(['us-east-1', 'evil.com#']);
    expect(bedrockRegionsOf('AK|SK')).toEqual(['']);
  });

  it.each([
    [41, { other: 'us-central1' }, null],
    [41, { other: '' }, null],
    [41, { other: '127.0.0.1:4491/steal#' }, 'channel.region_invalid'],
    [41, { other: '{"default":"us-central1","m":"a.b"}' }, 'channel.region_invalid'],
    [41, { other: '{"default":1}' }, 'channel.region_invalid'],
    [41, { other: '{bad' }, 'channel.other_json_invalid'],
    [33, { key: 'AK|SK|us-east-1' }, null],
    [33, { key: 'AK|SK|x.amazonaws.com#' }, 'channel.region_invalid'],
    [33, { key: '' }, null],
    [1, { other: 'anything/at#all' }, null],
  ])('type %i %j → %s', (type, fields, result) => expect(checkChannelRegions(type, fields)).toBe(result));

  it('param_override header part: header keys and header operations only', () => {
    expect(paramOverrideHeaders('{"temperature":0}')).toBe('');
    expect(paramOverrideHeaders('{"headers":{"b":1,"a":2}}')).toBe(paramOverrideHeaders('{"headers":{"a":2,"b":1}}'));
    expect(paramOverrideHeaders('{"operations":[{"mode":"set_header","path":"x"}]}')).not.toBe('');
    expect(paramOverrideHeaders('{"operations":[{"mode":"set","path":"temperature"}]}')).toBe('');
    expect(paramOverrideHeaders('not json')).toBe('');
  });

  it('credential changes: unchanged values are no change, any key is one', () => {
    expect(
      credentialChanges(stored, { ...stored, setting: '{ "proxy": "" }', base_url: 'https://vertex.example/' }),
    ).toEqual([]);
    expect(credentialChanges(stored, { param_override: '{"temperature":1,"headers":{"x-a":"1"}}' })).toEqual([]);
    expect(
      credentialChanges(stored, {
        type: 1,
        key: 'k',
        base_url: 'http://127.0.0.1:1',
        other: '127.0.0.1:4491/steal#',
        openai_organization: 'org-x',
        setting: '{"proxy":"http://evil"}',
        param_override: '{"temperature":0}',
      }),
    ).toEqual(['type', 'key', 'base_url', 'other', 'openai_organization', 'setting', 'param_override']);
    expect(credentialChanges({ ...stored, type: 3, other: '2024-10-21' }, { other: '2025-01-01' })).toEqual([]);
    expect(credentialChanges({ ...stored, type: 39, other: 'acc1' }, { other: 'acc2' })).toEqual(['other']);
    expect(credentialChanges(stored, { key: '  ' })).toEqual([]);
  });
});
