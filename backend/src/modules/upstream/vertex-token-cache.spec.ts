import { generateKeyPairSync } from 'node:crypto';
import { parseServiceAccountKey } from '../../providers/vertex/service-account';
import { AccessTokenCache, type FetchLike } from './vertex-token-cache';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = (email: string) =>
  parseServiceAccountKey(
    JSON.stringify({
      type: 'service_account',
      project_id: 'p',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: email,
      token_uri: 'https://oauth.example/token',
    }),
  );

/** A token endpoint answering after `release()`; counts exchanges and records their bodies. */
function fakeEndpoint(answer: { status: number; body: unknown } = { status: 200, body: { expires_in: 3600 } }) {
  const calls: { url: string; body: string }[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, body: init.body });
    const n = calls.length;
    await gate;
    const body = answer.status === 200 ? { access_token: `tok-${n}`, ...(answer.body as object) } : answer.body;
    return { ok: answer.status === 200, status: answer.status, text: async () => JSON.stringify(body) };
  };
  return {
    calls,
    fetch,
    open: () => release(),
  };
}

describe('Vertex access-token cache', () => {
  it('single-flight: concurrent requests share one exchange, then the cached token', async () => {
    const ep = fakeEndpoint();
    const cache = new AccessTokenCache({ fetch: ep.fetch });
    const sa = account('a@p.iam');
    const waiting = Promise.all([1, 2, 3, 4, 5].map(() => cache.token(sa)));
    ep.open();
    expect(await waiting).toEqual(['tok-1', 'tok-1', 'tok-1', 'tok-1', 'tok-1']);
    expect(await cache.token(sa)).toBe('tok-1');
    expect(ep.calls).toHaveLength(1);
    expect(ep.calls[0].url).toBe('https://oauth.example/token');
    expect(ep.calls[0].body).toMatch(
      /^grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });

  it('one token per service account; a new exchange shortly before expiry', async () => {
    const ep = fakeEndpoint();
    ep.open();
    let now = 1_700_000_000_000;
    const cache = new AccessTokenCache({ fetch: ep.fetch, now: () => now });
    expect(await cache.token(account('a@p.iam'))).toBe('tok-1');
    expect(await cache.token(account('b@p.iam'))).toBe('tok-2');
    now += (3600 - 301) * 1000; // still inside the lifetime minus the 5-minute margin
    expect(await cache.token(account('a@p.iam'))).toBe('tok-1');
    now += 2000;
    expect(await cache.token(account('a@p.iam'))).toBe('tok-3');
  });

  it('a failed exchange reaches every waiter with the endpoint answer and is not cached', async () => {
    const ep = fakeEndpoint({ status: 400, body: { error: 'invalid_grant' } });
    const cache = new AccessTokenCache({ fetch: ep.fetch });
    const sa = account('a@p.iam');
    const waiting = [cache.token(sa), cache.token(sa)];
    ep.open();
    for (const w of waiting) await expect(w).rejects.toThrow('token endpoint answered 400: {"error":"invalid_grant"}');
    await expect(cache.token(sa)).rejects.toThrow('invalid_grant');
    expect(ep.calls).toHaveLength(2);
  });

  it('an endpoint that echoes the signed assertion does not pass it on in the error', async () => {
    let assertion = '';
    const fetch: FetchLike = async (_url, init) => {
      assertion = new URLSearchParams(init.body).get('assertion') ?? '';
      const signature = assertion.split('.')[2];
      return { ok: false, status: 400, text: async () => `invalid signature ${signature} of ${assertion}` };
    };
    const failure = await new AccessTokenCache({ fetch }).token(account('a@p.iam')).catch((e: Error) => e.message);
    expect(failure).toMatch(/^token endpoint answered 400: invalid signature /);
    expect(failure).not.toContain(assertion.split('.')[2].slice(0, 16));
  });

  it("a waiter's abort leaves the shared exchange to the others", async () => {
    const ep = fakeEndpoint();
    const cache = new AccessTokenCache({ fetch: ep.fetch });
    const sa = account('a@p.iam');
    const ac = new AbortController();
    const aborted = cache.token(sa, ac.signal);
    const other = cache.token(sa);
    ac.abort(new Error('client left'));
    await expect(aborted).rejects.toThrow('client left');
    ep.open();
    expect(await other).toBe('tok-1');
    expect(ep.calls).toHaveLength(1);
  });
});
