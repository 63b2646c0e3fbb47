import { Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn, BoolColumn, StrColumn } from '../columns';

/**
 * A batch of keys still being written, one channel per key (docs/channel-types.md, "Writing many
 * rows"). A batch too large for one transaction commits in parts: the first part adds this row, each
 * part records its channels (ChannelBatchItemEntity) and renews `written_at` in its own transaction,
 * and the last part deletes the batch's rows with its commit. A row left behind belongs to a batch whose
 * process was killed: its node undoes it when it starts again, the master once `written_at` is ten
 * minutes old (a node that never came back). Undoing marks the row `undoing`, deletes the batch's
 * channels, then its rows.
 */
@Entity('channel_batches')
export class ChannelBatchEntity {
  /** A random UUID. */
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  /** NODE_NAME of the process writing it. */
  @StrColumn(64) node!: string;
  /** When the batch's latest part committed (ms). */
  @BigIntColumn() written_at!: number;
  /** Claimed for undoing: the writer's next part finds this and stops. */
  @BoolColumn() undoing!: boolean;
}

/** A channel created by a batch still being written (ChannelBatchEntity). */
@Entity('channel_batch_items')
export class ChannelBatchItemEntity {
  @PrimaryColumn({ type: 'integer' }) channel_id!: number;
  @Index() @StrColumn(36) batch!: string;
}
