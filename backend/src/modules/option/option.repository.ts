import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OptionEntity } from '../../database/entities';

/** A stored option as the database holds it (secret options encrypted; see option-secrets.ts). */
export interface OptionRow {
  key: string;
  value: string | null;
}

/** Data access for `options` (no rules: validation, sealing and the snapshot live in OptionService). */
@Injectable()
export class OptionRepository {
  constructor(@InjectRepository(OptionEntity) private readonly repo: Repository<OptionEntity>) {}

  findAll(): Promise<OptionRow[]> {
    return this.repo.find();
  }

  /** Inserts or replaces the rows by key, all in one transaction (the caller's `tx` when given). */
  async upsertAll(rows: readonly OptionRow[], tx?: EntityManager): Promise<void> {
    const write = (m: EntityManager) => m.getRepository(OptionEntity).upsert([...rows], ['key']);
    await (tx ? write(tx) : this.repo.manager.transaction(write));
  }

  /**
   * Replaces a row's value only while it still holds `expected` (a change another node wrote
   * meanwhile wins). Returns whether the row was written.
   */
  async replaceIfUnchanged(key: string, expected: string, value: string): Promise<boolean> {
    const result = await this.repo.update({ key, value: expected }, { value });
    return result.affected === 1;
  }
}
