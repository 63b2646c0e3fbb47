import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id hashing. verify() costs the same whether or not a hash exists (no user enumeration by timing). */
@Injectable()
export class PasswordService {
  private readonly options = { type: argon2.argon2id as 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash || !hash.startsWith('$argon2')) {
      this.dummyHash ??= this.hash('timing-equaliser');
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}
