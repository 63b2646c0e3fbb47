import { Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, StrColumn } from '../columns';

/** One row, id 1, inserted by the first successful setup: the primary key makes setup run once. */
@Entity('setups')
export class SetupEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @StrColumn(32) version!: string;
  @BigIntColumn() initialized_at!: number;
}
