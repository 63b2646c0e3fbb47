/**
 * The address rules of e-mail codes, shared by the console (before sending) and the server
 * (docs/identity/email-and-reset.md). Each check returns null or a message key.
 */
import type { RuleResult } from './validation';

/** users.email is VARCHAR(191). */
export const EMAIL_MAX = 191;

/** The operator's switches (EmailDomainRestrictionEnabled, EmailDomainWhitelist, EmailAliasRestrictionEnabled). */
export interface EmailPolicy {
  readonly domainRestriction: boolean;
  /** Comma-joined domains, as the option stores them. */
  readonly whitelist: string;
  readonly aliasRestriction: boolean;
}

/** Google ignores dots in the local part of these domains: `j.doe@gmail.com` is `jdoe@gmail.com`. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** The form an address is stored and keyed in: trimmed, lower case. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * Whether codes may be sent to `address`: a well-formed address (email.invalid), on the whitelist
 * when the domain restriction is on (email.domain_not_allowed), and, with the alias restriction on,
 * no `+tag` in the local part and no dots in a Gmail local part (email.alias_not_allowed).
 */
export function checkEmailAddress(address: string, policy: EmailPolicy): RuleResult {
  const email = normalizeEmail(address);
  if (!email) return 'email.required';
  if (email.length > EMAIL_MAX || !ADDRESS.test(email)) return 'email.invalid';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (policy.domainRestriction) {
    const allowed = policy.whitelist.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
    if (!allowed.includes(domain)) return 'email.domain_not_allowed';
  }
  if (policy.aliasRestriction) {
    if (local.includes('+')) return 'email.alias_not_allowed';
    if (DOTLESS_DOMAINS.has(domain) && local.includes('.')) return 'email.alias_not_allowed';
  }
  return null;
}
