import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type Repository } from 'typeorm';
import { OAuthStateEntity } from '../../database/entities';

/** The `oauth_states` table: sign-ins in flight (OAuthStateService holds the rules). */
@Injectable()
export class OAuthStateRepository {
  constructor(@InjectRepository(OAuthStateEntity) private readonly states: Repository<OAuthStateEntity>) {}

  async insert(row: OAuthStateEntity): Promise<void> {
    await this.states.insert(row);
  }

  /**
   * Takes the state for `provider` (or one issued for any provider): the row when this call deleted it
   * and it had not expired, else null. The delete decides, so of two callbacks with one state only one wins.
   */
  async take(id: string, provider: string, nowSec: number): Promise<OAuthStateEntity | null> {
    const row = await this.states.findOneBy({ id, provider: In([provider, '']) });
    if (!row) return null;
    const res = await this.states.delete({ id });
    if (res.affected !== 1 || row.expires_at <= nowSec) return null;
    return row;
  }

  async deleteExpired(nowSec: number): Promise<number> {
    return (await this.states.delete({ expires_at: LessThan(nowSec) })).affected ?? 0;
  }
}
