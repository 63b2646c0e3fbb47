// A real OpenID Provider for tests: the `oidc-provider` package on 127.0.0.1, run as its own process
// (it is ES modules only; jest runs CommonJS). Started by test/support/oidc-provider.ts, which passes
// the configuration as JSON in OIDC_TEST_CONFIG and reads "listening <issuer>" from stdout.
// Its development interactions (a login form taking any account id, then a consent form) are on.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const cfg = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}');
const accounts = cfg.accounts ?? {};

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
      redirect_uris: cfg.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
  cookies: { keys: ['oidc-test-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const account = accounts[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
});
provider.on('server_error', (_ctx, err) => console.error('oidc server_error', err));
server.on('request', provider.callback());
console.log(`listening ${issuer}`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
