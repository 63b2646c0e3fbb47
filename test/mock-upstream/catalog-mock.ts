/**
 * A fake upstream for channel operations across providers: model lists, balances, and chat answers
 * behind each provider's own authentication (from the providers' public API references). A key
 * starting with "good" is accepted; any other key gets a 401 in that provider's error format, the
 * OpenAI-family one echoing the key (which the gateway must redact). Key "html-good" answers chat
 * with a 200 HTML page. Every request is recorded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';
import { anthropic as anthropicChat, gemini as geminiChat, ollama as ollamaChat } from './native-mock';

type Provider = 'anthropic' | 'gemini' | 'azure' | 'ollama' | 'openai';

/** Model lists each provider answers with. */
export const CATALOG = {
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
  gemini: ['gemini-2.0-flash', 'text-embedding-004'],
  azure: ['gpt-4o', 'gpt-35-turbo'],
  ollama: ['llama3.2:latest', 'qwen2.5:7b'],
  openai: ['moonshot-v1-8k', 'kimi-k2'],
} as const;

/** Bad-key messages, as each provider words them. */
export const AUTH_ERRORS: Record<Provider, (key: string) => unknown> = {
  anthropic: () => ({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }),
  gemini: () => ({
    error: { code: 401, message: 'API key not valid. Please pass a valid API key.', status: 'UNAUTHENTICATED' },
  }),
  azure: () => ({
    error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' },
  }),
  ollama: () => ({ error: 'unauthorized: bad bearer token' }),
  openai: (key) => ({ error: { message: `Invalid Authentication: ${key}`, type: 'invalid_authentication_error' } }),
};

/** Answers the mock delays by, so response times are measurable. */
export const CATALOG_DELAY_MS = 15;

function providerOf(req: IncomingMessage, path: string): Provider {
  if (path.startsWith('/openai/')) return 'azure';
  if (path.startsWith('/v1beta/')) return 'gemini';
  if (path.startsWith('/api/')) return 'ollama';
  if (path.startsWith('/v1/messages') || req.headers['x-api-key']) return 'anthropic';
  return 'openai';
}

function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  return String(
    h['x-api-key'] ?? h['x-goog-api-key'] ?? h['api-key'] ?? (h.authorization ?? '').replace(/^Bearer /, ''),
  );
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export class CatalogMock extends HttpMock {
  /** The last request whose path starts with `prefix`. */
  last(prefix: string): MockRequest | undefined {
    return this.requests.filter((r) => r.path.startsWith(prefix)).at(-1);
  }

  protected async answer(req: IncomingMessage, res: ServerResponse, { path, body }: MockRequest): Promise<void> {
    await new Promise((r) => setTimeout(r, CATALOG_DELAY_MS));
    const provider = providerOf(req, path);
    const key = keyOf(req);
    if (!key.startsWith('good') && !key.startsWith('html-good')) return send(res, 401, AUTH_ERRORS[provider](key));
    if (req.method === 'GET') return this.get(res, provider, path.split('?')[0]);
    if (key.startsWith('html-good')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html><body>Please sign in</body></html>');
    }
    if (provider === 'anthropic') return anthropicChat(res, body);
    if (provider === 'gemini') return geminiChat(res, body, false);
    if (provider === 'ollama') return ollamaChat(res, body);
    send(res, 200, {
      id: 'chatcmpl-catalog',
      object: 'chat.completion',
      created: 1700000000,
      model: body?.model ?? 'deployment',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    });
  }

  private get(res: ServerResponse, provider: Provider, path: string): void {
    const ids = CATALOG[provider];
    if (provider === 'anthropic' && path === '/v1/models')
      return send(res, 200, {
        data: ids.map((id) => ({ type: 'model', id, display_name: id })),
        has_more: false,
        first_id: ids[0],
        last_id: ids.at(-1),
      });
    if (provider === 'gemini' && path === '/v1beta/models')
      return send(res, 200, { models: ids.map((id) => ({ name: `models/${id}`, displayName: id })) });
    if (provider === 'azure' && path === '/openai/models')
      return send(res, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', status: 'succeeded' })) });
    if (provider === 'ollama' && path === '/api/tags')
      return send(res, 200, { models: ids.map((name) => ({ name, model: name, size: 1 })) });
    if (path === '/v1/models')
      return send(res, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', owned_by: 'moonshot' })) });
    // Balances: Moonshot, SiliconFlow, OpenRouter.
    if (path === '/v1/users/me/balance')
      return send(res, 200, {
        code: 0,
        data: { available_balance: 49.58894, voucher_balance: 46.58893, cash_balance: 3.00001 },
        scode: '0x0',
        status: true,
      });
    if (path === '/v1/user/info')
      return send(res, 200, {
        code: 20000,
        status: true,
        data: { id: 'u1', balance: '0.88', chargeBalance: '88.00', totalBalance: '88.88' },
      });
    if (path === '/v1/credits') return send(res, 200, { data: { total_credits: 25, total_usage: 4.75 } });
    send(res, 404, { error: { message: 'not found' } });
  }
}
