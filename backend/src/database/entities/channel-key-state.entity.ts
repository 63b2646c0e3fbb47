import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, IntColumn, StrColumn } from '../columns';

/**
 * The state of one upstream key of a channel (docs/channel-types.md#multi-key-channels). A key is
 * named by its fingerprint (keyed hash), never by its position: editing the key list cannot move a
 * state onto another key. Keys without a row are enabled.
 */
@Entity('channel_key_states')
@Index('uq_channel_key_states_key', ['channel_id', 'fingerprint'], { unique: true })
export class ChannelKeyStateEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn() channel_id!: number;
  @StrColumn(64) fingerprint!: string;
  /** ChannelKeyStatus: 1 enabled, 2 disabled by an operator, 3 disabled automatically. */
  @IntColumn({ default: 1 }) status!: number;
  @StrColumn(512) reason!: string;
  @BigIntColumn() disabled_time!: number;
}
