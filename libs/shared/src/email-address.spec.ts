import { checkEmailAddress, normalizeEmail, type EmailPolicy } from './email-address';

const OPEN: EmailPolicy = { domainRestriction: false, whitelist: '', aliasRestriction: false };
const WHITELIST: EmailPolicy = { domainRestriction: true, whitelist: 'gmail.com, Example.org ,qq.com', aliasRestriction: false };
const ALIASES: EmailPolicy = { domainRestriction: false, whitelist: '', aliasRestriction: true };
const BOTH: EmailPolicy = { domainRestriction: true, whitelist: 'gmail.com,example.org', aliasRestriction: true };

describe('checkEmailAddress', () => {
  it.each([
    // format
    ['', OPEN, 'email.required'],
    ['   ', OPEN, 'email.required'],
    ['plain', OPEN, 'email.invalid'],
    ['a@b', OPEN, 'email.invalid'],
    ['a b@example.org', OPEN, 'email.invalid'],
    ['a@@example.org', OPEN, 'email.invalid'],
    ['a@-example.org', OPEN, 'email.invalid'],
    [`${'x'.repeat(180)}@example.org`, OPEN, 'email.invalid'],
    ['a@example.org', OPEN, null],
    ['  A.B+tag@Example.ORG ', OPEN, null],
    // domain whitelist
    ['a@gmail.com', WHITELIST, null],
    ['a@example.org', WHITELIST, null],
    ['a@EXAMPLE.org', WHITELIST, null],
    ['a@sub.example.org', WHITELIST, 'email.domain_not_allowed'],
    ['a@evil.com', WHITELIST, 'email.domain_not_allowed'],
    ['a@example.org', { ...WHITELIST, whitelist: '' }, 'email.domain_not_allowed'],
    ['a@evil.com', { ...WHITELIST, domainRestriction: false }, null],
    // aliases
    ['a+tag@example.org', ALIASES, 'email.alias_not_allowed'],
    ['a+@gmail.com', ALIASES, 'email.alias_not_allowed'],
    ['j.doe@gmail.com', ALIASES, 'email.alias_not_allowed'],
    ['j.doe@googlemail.com', ALIASES, 'email.alias_not_allowed'],
    ['J.Doe@GMail.com', ALIASES, 'email.alias_not_allowed'],
    ['jdoe@gmail.com', ALIASES, null],
    ['j.doe@example.org', ALIASES, null],
    ['a+tag@example.org', OPEN, null],
    // both: the domain rule speaks first
    ['a+tag@evil.com', BOTH, 'email.domain_not_allowed'],
    ['a+tag@example.org', BOTH, 'email.alias_not_allowed'],
    ['jdoe@gmail.com', BOTH, null],
  ] as const)('%j under %j → %s', (address, policy, expected) => {
    expect(checkEmailAddress(address, policy)).toBe(expected);
  });

  it('normalizes to the trimmed lower-case form', () => {
    expect(normalizeEmail('  Jane.Doe@Example.ORG ')).toBe('jane.doe@example.org');
  });
});
