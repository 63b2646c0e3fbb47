import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Role, UserStatus } from '@gw/shared';
import { BigIntColumn, IntColumn, StrColumn, TextColumn } from '../columns';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn() id!: number;
  @StrColumn(64, { unique: true }) username!: string;
  /** argon2id hash; never serialised. */
  @StrColumn(255) password!: string;
  @StrColumn(64) display_name!: string;
  @IntColumn({ default: Role.User }) role!: number;
  @IntColumn({ default: UserStatus.Enabled }) status!: number;
  @StrColumn(191) email!: string;
  /**
   * Third-party identities (docs/identity/third-party-sign-in.md): NULL when unbound, each a unique key,
   * so one provider id can belong to one user only. API views show '' for NULL.
   */
  @Index({ unique: true }) @StrColumn(64, { nullable: true, default: null }) github_id!: string | null;
  @Index({ unique: true }) @StrColumn(191, { nullable: true, default: null }) oidc_id!: string | null;
  @Index({ unique: true }) @StrColumn(64, { nullable: true, default: null }) wechat_id!: string | null;
  @Index({ unique: true }) @StrColumn(64, { nullable: true, default: null }) telegram_id!: string | null;
  @Index({ unique: true }) @StrColumn(64, { nullable: true, default: null }) linux_do_id!: string | null;
  /** Keyed hash of the console access token (the token itself is shown once, on reset). */
  @Index({ unique: true }) @StrColumn(64, { nullable: true, default: null }) access_token!: string | null;
  @BigIntColumn() quota!: number;
  @BigIntColumn() used_quota!: number;
  @IntColumn() request_count!: number;
  @StrColumn(64, { default: 'default' }) group!: string;
  @Index({ unique: true }) @StrColumn(32, { nullable: true, default: null }) aff_code!: string | null;
  @IntColumn() aff_count!: number;
  @BigIntColumn() aff_quota!: number;
  @BigIntColumn() aff_history_quota!: number;
  @IntColumn() inviter_id!: number;
  @TextColumn() setting!: string | null;
  @StrColumn(255) remark!: string;
  /** Bumped whenever the user's sessions are ended (new password, ban, deletion): older sessions are void. */
  @IntColumn() session_version!: number;
  @BigIntColumn() created_at!: number;
  @BigIntColumn({ nullable: true, default: null }) deleted_at!: number | null;
}
