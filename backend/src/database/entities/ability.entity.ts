import { Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn, BoolColumn, IntColumn, StrColumn } from '../columns';

/**
 * The (group, model) → channel routing index, rebuilt from channels on every channel change (found by
 * channel_id, which has its own index so that a channel's rows are not looked for in every row). The
 * rows are stored in key order (clustered, as InnoDB stores every table): a batch of keys writes
 * thousands of them, each into two b-trees instead of four (docs/channel-types.md, "Writing many rows").
 */
@Entity('abilities', { withoutRowid: true })
@Index(['channel_id'])
export class AbilityEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) group!: string;
  @PrimaryColumn({ type: 'varchar', length: 191 }) model!: string;
  @PrimaryColumn({ type: 'integer' }) channel_id!: number;
  @BoolColumn(true) enabled!: boolean;
  @BigIntColumn() priority!: number;
  @IntColumn() weight!: number;
  @StrColumn(128) tag!: string;
}
