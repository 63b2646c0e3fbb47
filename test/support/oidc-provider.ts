import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Claims of a test account (its id is the `sub` and what the login form takes). */
export interface OidcAccount {
  name?: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
}

export interface OidcProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Where the provider may send the browser back, e.g. `${gateway}/oauth/oidc`. */
  redirectUris: string[];
  accounts: Record<string, OidcAccount>;
}

export interface TestOidcProvider {
  issuer: string;
  wellKnown: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser through the provider's pages over plain HTTP: follows `authorizeUrl`, submits the
   * login form as `accountId` and then the consent form, and returns the URL the provider finally
   * sends the browser to (the redirect_uri with code, state and iss).
   */
  signIn(authorizeUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * Starts a real OpenID Provider (`oidc-provider`, test/support/oidc-provider-server.mjs) on a random
 * 127.0.0.1 port with one confidential client (PKCE required, client_secret_post), the given accounts,
 * and its development login and consent pages (usable by a browser test as they are).
 */
export async function startOidcProvider(o: OidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = o.clientId ?? 'gateway-test';
  const clientSecret = o.clientSecret ?? 'gateway-test-secret-0123456789';
  const config = { clientId, clientSecret, redirectUris: o.redirectUris, accounts: o.accounts };
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider-server.mjs')], {
    env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify(config), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`OIDC provider did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', () => {
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`OIDC provider exited with ${code}:\n${out}`));
    });
  });
  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    signIn: (authorizeUrl, accountId) => playBrowser(issuer, authorizeUrl, accountId),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function playBrowser(issuer: string, authorizeUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { res, text: await res.text() };
  };
  let url = authorizeUrl;
  for (let hop = 0; hop < 20; hop++) {
    const { res, text: page } = await send(url);
    const location = res.headers.get('location');
    if (res.status === 200 && url.includes('/interaction/')) {
      // A login or consent page: submit the form it shows.
      const uid = new URL(url).pathname.split('/')[2];
      const form: Record<string, string> = /name="prompt" value="login"/.test(page)
        ? { prompt: 'login', login: accountId, password: 'any' }
        : { prompt: 'consent' };
      const submitted = (await send(`${issuer}/interaction/${uid}`, form)).res;
      const next = submitted.headers.get('location');
      if (!next) throw new Error(`interaction submit answered ${submitted.status}`);
      url = new URL(next, issuer).toString();
      continue;
    }
    if (!location) throw new Error(`OIDC provider answered ${res.status} at ${url}`);
    const next = new URL(location, url);
    if (next.origin !== issuer) return next;
    url = next.toString();
  }
  throw new Error('OIDC sign-in did not finish in 20 steps');
}
