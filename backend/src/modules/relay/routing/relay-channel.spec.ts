import { ChannelEntity } from '../../../database/entities';
import { entityDefaults } from '../../../testing/entity-defaults';
import { RELAY_SOURCE_FIELDS, relaySource, toRelayChannel } from './relay-channel';

/** A channel with a value in every column, so that changing one is seen. */
const stored = (): ChannelEntity =>
  ({
    ...entityDefaults(ChannelEntity),
    id: 7,
    type: 1,
    name: 'c7',
    status: 1,
    key: 'k',
    models: 'a,b',
    group: 'default,vip',
    model_mapping: '{"a":"a-up"}',
    status_code_mapping: '{"429":503}',
    param_override: '{"temperature":0}',
    base_url: 'https://up.example',
    other: 'x',
    tag: 't',
    priority: 3,
    weight: 2,
  }) as ChannelEntity;

/**
 * relaySource decides whether a reload may keep the RelayChannel it made (ChannelDirectory): it must
 * change with every column toRelayChannel reads, and the others must not change what it makes.
 */
describe('relaySource', () => {
  const columns = Object.keys(stored()) as (keyof ChannelEntity)[];
  const changed = (c: ChannelEntity, column: keyof ChannelEntity) => {
    const value = c[column];
    return {
      ...c,
      [column]: typeof value === 'number' ? value + 1 : `${String(value ?? '')}-changed`,
    } as ChannelEntity;
  };

  it.each(RELAY_SOURCE_FIELDS.map((f) => [f]))('changes with %s', (column) => {
    expect(relaySource(changed(stored(), column))).not.toBe(relaySource(stored()));
  });

  it.each(columns.filter((c) => !(RELAY_SOURCE_FIELDS as readonly string[]).includes(c) && c !== 'id').map((c) => [c]))(
    'leaves out %s, which the relay channel does not depend on',
    (column) => {
      expect(toRelayChannel(changed(stored(), column), ['k'])).toEqual(toRelayChannel(stored(), ['k']));
    },
  );
});
