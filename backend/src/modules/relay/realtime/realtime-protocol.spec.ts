import {
  chooseProtocol,
  closeReason,
  errorEvent,
  realtimeAuthorization,
  relayedCloseCode,
  sniffEvent,
  wantsBeta,
} from './realtime-protocol';

describe('realtime protocol rules', () => {
  it('reads the key from the Authorization header first, else from the key subprotocol', () => {
    expect(realtimeAuthorization('Bearer sk-a', 'realtime, openai-insecure-api-key.sk-b')).toBe('Bearer sk-a');
    expect(realtimeAuthorization(undefined, 'realtime, openai-insecure-api-key.sk-b, openai-beta.realtime-v1')).toBe(
      'Bearer sk-b',
    );
    expect(realtimeAuthorization(undefined, 'realtime')).toBeUndefined();
    expect(realtimeAuthorization(undefined, undefined)).toBeUndefined();
  });

  it('answers "realtime" or another offered protocol, never the key', () => {
    expect(chooseProtocol(['openai-insecure-api-key.sk-x', 'realtime', 'openai-beta.realtime-v1'])).toBe('realtime');
    expect(chooseProtocol(['openai-insecure-api-key.sk-x', 'openai-beta.realtime-v1'])).toBe('openai-beta.realtime-v1');
    expect(chooseProtocol(['openai-insecure-api-key.sk-x'])).toBe(false);
  });

  it('asks the upstream for the beta protocol when the client did', () => {
    expect(wantsBeta('realtime=v1', undefined)).toBe(true);
    expect(wantsBeta(undefined, 'realtime, openai-beta.realtime-v1')).toBe(true);
    expect(wantsBeta(undefined, 'realtime')).toBe(false);
  });

  it('passes close codes on, replacing those that may not be sent', () => {
    expect(relayedCloseCode(1000)).toBe(1000);
    expect(relayedCloseCode(1008)).toBe(1008);
    expect(relayedCloseCode(4001)).toBe(4001);
    expect(relayedCloseCode(1005)).toBe(1000);
    expect(relayedCloseCode(1006)).toBe(1011);
    expect(relayedCloseCode(1015)).toBe(1011);
    expect(Buffer.byteLength(closeReason('é'.repeat(100)))).toBeLessThanOrEqual(123);
  });

  it('parses only the events it acts on', () => {
    const done = Buffer.from(JSON.stringify({ type: 'response.done', response: { id: 'r1' } }));
    expect(sniffEvent(done, ['response.done'])?.event).toMatchObject({ response: { id: 'r1' } });
    expect(sniffEvent(done, ['response.created'])).toBeNull();
    // Named inside a delta's text, the type is still checked.
    const delta = Buffer.from(JSON.stringify({ type: 'response.output_text.delta', delta: '"response.done"' }));
    expect(sniffEvent(delta, ['response.done'])).toBeNull();
    expect(sniffEvent(Buffer.from('{"response.done"'), ['response.done'])).toBeNull();
  });

  it('writes error events in the Realtime schema', () => {
    const e = JSON.parse(errorEvent({ type: 'insufficient_quota', code: 'insufficient_quota', message: 'no quota' }));
    expect(e).toMatchObject({
      type: 'error',
      error: { type: 'insufficient_quota', code: 'insufficient_quota', message: 'no quota' },
    });
    expect(e.event_id).toMatch(/^event_/);
  });
});
