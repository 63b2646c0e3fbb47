import { generateKeyBody, parseApiKey } from './token-key';

describe('parseApiKey', () => {
  const body = generateKeyBody();
  it.each([
    [`Bearer sk-${body}`, { body }],
    [`sk-${body}`, { body }],
    [`bearer ${body}`, { body }],
    [`Bearer sk-${body}-12`, { body, pinnedChannelId: 12 }],
  ])('%s', (header, want) => expect(parseApiKey(header)).toEqual(want));

  it.each([undefined, '', 'Bearer ', "sk-' OR 1=1 --", 'Bearer sk-abc', `sk-${body}-x`])('refuses %p', (h) => {
    expect(parseApiKey(h)).toBeNull();
  });
  it('generates 48 alphanumerics', () => expect(body).toMatch(/^[A-Za-z0-9]{48}$/));
});
