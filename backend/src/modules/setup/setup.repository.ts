import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { nowSec } from '../../database/columns';
import { databaseType, type DatabaseType } from '../../database/data-source';
import { SetupEntity } from '../../database/entities';

/** The single `setups` row (primary key 1) that records a finished setup; plain data access. */
@Injectable()
export class SetupRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A transaction that other modules' writes (root user, options) join. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  async exists(): Promise<boolean> {
    return (await this.ds.getRepository(SetupEntity).countBy({ id: 1 })) > 0;
  }

  /** Inserts the row; a second insert fails on the primary key (the setup lock). */
  async insert(version: string, tx: EntityManager): Promise<void> {
    await tx.getRepository(SetupEntity).insert({ id: 1, version, initialized_at: nowSec() });
  }

  databaseType(): DatabaseType {
    return databaseType(this.ds);
  }
}
