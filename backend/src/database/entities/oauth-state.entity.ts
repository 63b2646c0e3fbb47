import { Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn, StrColumn, TextColumn } from '../columns';

/**
 * One OAuth/OIDC sign-in in flight (docs/identity/third-party-sign-in.md): issued with the authorize
 * redirect, deleted by the callback that uses it (a conditional delete, so a replay finds nothing).
 * The table holds only a keyed hash of the state the browser carries.
 */
@Entity('oauth_states', { withoutRowid: true })
export class OAuthStateEntity {
  /** keyedHash(CRYPTO_SECRET, state). */
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  /** github | oidc | linuxdo, or '' for a state any of them may use (GET /api/oauth/state). */
  @StrColumn(16) provider!: string;
  /** Invite code of the sign-up this may become. */
  @StrColumn(32) aff_code!: string;
  /** PKCE code_verifier (OIDC started by the server). */
  @StrColumn(128, { nullable: true, default: null }) code_verifier!: string | null;
  /** Expected ID-token nonce (OIDC started by the server). */
  @StrColumn(128, { nullable: true, default: null }) nonce!: string | null;
  /** The redirect_uri sent to the provider ('' when the client built the URL itself). */
  @TextColumn() redirect_uri!: string | null;
  @Index() @BigIntColumn() expires_at!: number;
}
