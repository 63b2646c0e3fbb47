import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ChannelBatchEntity, ChannelBatchItemEntity } from '../../database/entities';
import { insertRows } from '../../database/insert-rows';
import type { ChannelTx } from './channel.repository';

/**
 * A batch's part found the batch claimed for undoing (its writer stalled past the sweep's age): the
 * writer stops, removes what it wrote, and the operator is told to send the batch again (409).
 */
export class ChannelBatchUndone extends AppError {
  constructor(readonly batch: string) {
    super('channel.batch_undone', 409);
  }
}

/**
 * The journal of batches of channels written in several transactions (channel-batch.entity.ts), so that
 * a batch whose process died is undone rather than left half-written. The writer's calls take its
 * part's transaction; the sweep's calls are statements of their own.
 */
@Injectable()
export class ChannelBatchJournal {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'nodeName'>,
    @InjectRepository(ChannelBatchEntity) private readonly batches: Repository<ChannelBatchEntity>,
    @InjectRepository(ChannelBatchItemEntity) private readonly items: Repository<ChannelBatchItemEntity>,
  ) {}

  /** Opens a batch of this node in its first part's transaction; returns its id. */
  async open(tx: ChannelTx): Promise<string> {
    const id = randomUUID();
    await tx.insert(ChannelBatchEntity, { id, node: this.config.nodeName, written_at: Date.now(), undoing: false });
    return id;
  }

  /**
   * Renews the batch in a later part's transaction. The conditional update takes the batch row's lock,
   * so it and the sweep's claim never both succeed; throws ChannelBatchUndone when the claim came first.
   */
  async renew(tx: ChannelTx, batch: string): Promise<void> {
    const res = await tx
      .createQueryBuilder()
      .update(ChannelBatchEntity)
      .set({ written_at: Date.now() })
      .where('id = :batch AND undoing = :no', { batch, no: false })
      .execute();
    if (!res.affected) throw new ChannelBatchUndone(batch);
  }

  /** Records the channels a part created, in its transaction. */
  record(tx: ChannelTx, batch: string, channelIds: readonly number[]): Promise<void> {
    return insertRows(
      tx,
      ChannelBatchItemEntity,
      channelIds.map((channel_id) => ({ channel_id, batch })),
    );
  }

  /** Deletes the batch's rows: in its last part's transaction, or once its channels are removed. */
  async close(batch: string, tx?: ChannelTx): Promise<void> {
    const manager = tx ?? this.batches.manager;
    await manager.delete(ChannelBatchItemEntity, { batch });
    await manager.delete(ChannelBatchEntity, { id: batch });
  }

  /**
   * Claims the batches to undo and answers their ids: those whose latest part committed before `before`
   * (ms), with `own` only this node's (at start: what it was writing when it stopped), and those claimed
   * already (a sweep that stopped part-way).
   */
  async claim(before: number, own = false): Promise<string[]> {
    const cond = own ? 'written_at < :before AND node = :node' : 'written_at < :before';
    const params = { before, node: this.config.nodeName };
    const found = await this.batches
      .createQueryBuilder('b')
      .select(['b.id', 'b.undoing'])
      .where(`undoing = :yes OR ${cond}`, { yes: true, ...params })
      .getMany();
    const claimed: string[] = [];
    for (const b of found) {
      if (!b.undoing) {
        const res = await this.batches
          .createQueryBuilder()
          .update()
          .set({ undoing: true })
          .where(`id = :id AND undoing = :no AND ${cond}`, { id: b.id, no: false, ...params })
          .execute();
        if (!res.affected) continue; // renewed meanwhile: its writer is alive
      }
      claimed.push(b.id);
    }
    return claimed;
  }

  /** The channels a batch has recorded. */
  async channelsOf(batch: string): Promise<number[]> {
    return (await this.items.find({ select: { channel_id: true }, where: { batch } })).map((r) => r.channel_id);
  }
}
