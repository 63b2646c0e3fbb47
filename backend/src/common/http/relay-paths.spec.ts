import { isRelayPath, relayDialectOf } from './relay-paths';

describe('relay paths', () => {
  it('tells the client format of a relay path', () => {
    expect(relayDialectOf('/v1/chat/completions')).toBe('openai');
    expect(relayDialectOf('/v1/messages')).toBe('anthropic');
    expect(relayDialectOf('/v1/messages/count_tokens')).toBe('anthropic');
    expect(relayDialectOf('/v1/messagesx')).toBe('openai');
    expect(relayDialectOf('/v1beta/models/g:generateContent?key=k')).toBe('gemini');
    expect(isRelayPath('/v1beta/models')).toBe(true);
  });
});
