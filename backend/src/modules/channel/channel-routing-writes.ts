import type { Logger } from '@nestjs/common';
import type { ChannelEntity } from '../../database/entities';
import type { ChannelBatchJournal } from './channel-batch-journal';
import { abilityChanges, abilityCount, abilityRows } from './channel-fields';
import type { ChannelRepository, ChannelTx } from './channel.repository';

/** Channels read per statement in work over many (a statement and its rows are one hold of the event loop on SQLite). */
export const CHANNELS_PER_READ = 50;

/**
 * Routing rows a transaction of a batch of new channels writes at most: ~10–35 ms of SQLite work. On
 * SQLite a transaction holds the write queue, and the relay's reservations and settlements wait for it
 * (docs/channel-types.md, "Writing many rows").
 */
const ROUTING_ROWS_PER_TRANSACTION = 500;

/** Channels a batch delete removes per transaction, with their routing rows (one statement per channel). */
const CHANNELS_PER_DELETE = 10;

/**
 * Channel rows written together with their routing rows (abilities), work over many channels in
 * transactions sized so that the relay's commits get their turn between them. ChannelService owns the
 * rules and tells the relay's caches; this only writes.
 */
export class ChannelRoutingWrites {
  constructor(
    private readonly repo: ChannelRepository,
    private readonly journal: ChannelBatchJournal,
    private readonly logger: Logger,
  ) {}

  /**
   * Inserts new channels with their routing rows, all or none. A batch of thousands of keys is written
   * in transactions of at most ROUTING_ROWS_PER_TRANSACTION rows, journalled (ChannelBatchJournal): when
   * one fails, the channels the earlier ones created are handed to `undo` before the error is thrown;
   * when the process dies, ChannelBatchSweeper undoes them. Until then they are stored, and a reload
   * may route to them: each is a whole channel.
   */
  async insertMany(
    entities: readonly Partial<ChannelEntity>[],
    undo: (ids: number[]) => Promise<unknown>,
  ): Promise<ChannelEntity[]> {
    const perTransaction = Math.max(
      1,
      Math.floor(ROUTING_ROWS_PER_TRANSACTION / Math.max(1, abilityCount(entities[0]))),
    );
    if (entities.length <= perTransaction) return this.repo.transaction((tx) => this.insertPart(tx, entities));
    let batch: string | undefined;
    const saved: ChannelEntity[] = [];
    try {
      for (let i = 0; i < entities.length; i += perTransaction) {
        const last = i + perTransaction >= entities.length;
        const rows = await this.repo.transaction(async (tx) => {
          if (batch === undefined) batch = await this.journal.open(tx);
          else await this.journal.renew(tx, batch);
          const made = await this.insertPart(tx, entities.slice(i, i + perTransaction));
          const ids = made.map((row) => row.id);
          if (last) await this.journal.close(batch, tx);
          else await this.journal.record(tx, batch, ids);
          return made;
        });
        saved.push(...rows);
      }
    } catch (err) {
      if (saved.length > 0) {
        this.logger.warn(`batch of ${entities.length} channels failed; removing the ${saved.length} it created`);
        await undo(saved.map((row) => row.id));
      }
      if (batch !== undefined) await this.journal.close(batch);
      throw err;
    }
    return saved;
  }

  private async insertPart(tx: ChannelTx, part: readonly Partial<ChannelEntity>[]): Promise<ChannelEntity[]> {
    const made: ChannelEntity[] = [];
    for (const e of part) made.push(await this.insertOne(tx, e));
    return made;
  }

  /** Inserts a new channel and its routing rows (it has none stored to compare with). */
  async insertOne(tx: ChannelTx, fields: Partial<ChannelEntity>): Promise<ChannelEntity> {
    const row = await this.repo.insert(fields, tx);
    await this.repo.insertAbilities(abilityRows(row), tx);
    return row;
  }

  /**
   * Brings the channel's routing rows to its stored state, writing only what differs: a new channel's
   * rows are inserted, an edit deletes and inserts the (group, model) pairs it changed, and a fix of a
   * channel whose rows are right writes nothing (docs/channel-types.md, "Writing many rows").
   */
  async rebuild(tx: ChannelTx, c: ChannelEntity): Promise<void> {
    const { stale, missing, fields } = abilityChanges(await this.repo.abilitiesOf(c.id, tx), abilityRows(c));
    await this.repo.deleteAbilityRows(stale, tx);
    if (fields) await this.repo.setAbilityFields(c.id, fields, tx);
    await this.repo.insertAbilities(missing, tx);
  }

  /**
   * Rebuilds the routing rows of these channels from their stored state (rows of channels gone are
   * deleted). One transaction per 50 channels: each channel's rows are right on their own, and one over
   * thousands of channels would keep the relay's commits waiting past SQLITE_BUSY_TIMEOUT.
   */
  async rebuildMany(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += CHANNELS_PER_READ) {
      const part = ids.slice(i, i + CHANNELS_PER_READ);
      await this.repo.transaction(async (tx) => {
        const found = await this.repo.findByIds(part, tx);
        const kept = new Set(found.map((c) => c.id));
        const gone = part.filter((id) => !kept.has(id));
        await this.repo.deleteAbilities(gone, tx);
        for (const c of found) await this.rebuild(tx, c);
      });
    }
  }

  /** Deletes these channels with their routing rows, CHANNELS_PER_DELETE per transaction; how many went. */
  async removeMany(ids: readonly number[]): Promise<number> {
    let removed = 0;
    for (let i = 0; i < ids.length; i += CHANNELS_PER_DELETE) {
      const part = ids.slice(i, i + CHANNELS_PER_DELETE);
      removed += await this.repo.transaction(async (tx) => {
        await this.repo.deleteAbilities(part, tx);
        return this.repo.delete(part, tx);
      });
    }
    return removed;
  }
}
