import { buildSettings, ChannelKeyStatus } from '@gw/shared';
import type { ChannelKeyStore } from '../../channel/channel-key-store';
import { ChannelBreakers } from '../../channel/health/channel-breakers.service';
import { ChannelKeyPicker } from './channel-key-picker.service';
import type { RelayChannel } from './relay-channel';

const settings = buildSettings({
  ChannelHealthEnabled: 'true',
  ChannelHealthMinRequests: '2',
  ChannelHealthErrorRatePercent: '50',
  ChannelHealthCoolDownSeconds: '60',
  ChannelHealthHalfOpenProbes: '1',
});
const channel = { id: 7, keys: ['k0', 'k1', 'k2'], multiKeyMode: 'polling' } as unknown as RelayChannel;

/** Key states by fingerprint (the fingerprint is the key itself here). */
function world(disabled: string[] = []) {
  const store = {
    fingerprint: (k: string) => k,
    stateOf: (_id: number, print: string) => ({
      status: disabled.includes(print) ? ChannelKeyStatus.AutoDisabled : ChannelKeyStatus.Enabled,
    }),
  } as unknown as ChannelKeyStore;
  const breakers = new ChannelBreakers();
  const picker = new ChannelKeyPicker(store, breakers);
  const policy = breakers.policy(settings)!;
  const open = (print: string) => {
    breakers.failed(channel.id, print, policy);
    breakers.failed(channel.id, print, policy);
  };
  const picks = (n: number) => Array.from({ length: n }, () => picker.pick(channel, undefined, settings)?.key);
  return { breakers, picker, policy, open, picks };
}

describe('ChannelKeyPicker with health routing', () => {
  it('skips a key whose breaker is open, like a disabled key', () => {
    const w = world();
    w.open('k1');
    expect(w.picks(6)).toEqual(['k0', 'k2', 'k2', 'k0', 'k2', 'k2']);
  });

  it('uses the open keys when every enabled key is open', () => {
    const w = world(['k2']);
    w.open('k0');
    w.open('k1');
    expect(new Set(w.picks(4))).toEqual(new Set(['k0', 'k1']));
  });

  it('ignores breakers when health routing is off or no settings are given', () => {
    const w = world();
    w.open('k1');
    expect(w.picker.pick(channel, undefined, buildSettings({}))?.key).toBe('k0');
    expect(w.picker.pick(channel, undefined, buildSettings({}))?.key).toBe('k1');
    expect(w.picker.pick(channel)?.key).toBe('k2');
  });

  it('counts a probe on the key chosen after its cool-down', () => {
    const w = world();
    const t0 = Date.now();
    w.breakers.failed(channel.id, 'k1', w.policy, t0 - 120_000);
    w.breakers.failed(channel.id, 'k1', w.policy, t0 - 120_000);
    // Cool-down over: k1 takes its one probe, then is skipped until the probe's outcome.
    expect(w.picks(3)).toEqual(['k0', 'k1', 'k2']);
    expect(w.breakers.view(channel.id, w.policy, ['k0', 'k1', 'k2']).keys[1].state).toBe('half_open');
    expect(w.picks(3)).toEqual(['k0', 'k2', 'k2']);
  });

  it('reports the channel open only when every enabled key is', () => {
    const w = world(['k2']);
    const enabled = (i: number) => i !== 2;
    w.open('k0');
    expect(w.breakers.view(channel.id, w.policy, ['k0', 'k1', 'k2'], enabled).state).toBe('closed');
    w.open('k1');
    const view = w.breakers.view(channel.id, w.policy, ['k0', 'k1', 'k2'], enabled);
    expect(view).toMatchObject({ state: 'open', requests: 4, errors: 4, error_rate: 1 });
    expect(view.keys.map((k) => k.state)).toEqual(['open', 'open', 'closed']);
  });
});
