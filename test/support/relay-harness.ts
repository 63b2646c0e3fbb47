import { MockUpstream } from '../mock-upstream/mock-upstream';
import { NativeMock } from '../mock-upstream/native-mock';
import type { ApiClient } from './api-client';
import { setupRoot } from './fixtures';
import { Ledger } from './ledger';
import { createToken, Db, fundedUser } from './relay-fixtures';
import { startApp, type TestApp } from './test-app';

/** What the OpenAI mock of a harness answers a chat with (one content chunk when streamed). */
export const OPENAI_MOCK_TEXT = 'Hello from the mock.';

/**
 * The provider suites' world: the gateway on a fresh database with root signed in, a native-format
 * mock (Anthropic, Gemini, Ollama) and an OpenAI-format mock as upstreams.
 */
export class RelayHarness {
  private constructor(
    readonly t: TestApp,
    readonly db: Db,
    readonly root: ApiClient,
    readonly native: NativeMock,
    readonly openai: MockUpstream,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<RelayHarness> {
    const native = new NativeMock();
    await native.start();
    const openai = new MockUpstream();
    await openai.start();
    openai.setDefault({ chunks: 1, chunkText: OPENAI_MOCK_TEXT });
    const t = await startApp(env);
    return new RelayHarness(t, Db.open(t), await setupRoot(t.url), native, openai);
  }

  /** A signed-in user with `quota`, an API key, and the ledger that follows the user's charges. */
  async customer(username: string, quota: number): Promise<{ key: string; ledger: Ledger }> {
    const user = await fundedUser(this.root, username, quota);
    const { key } = await createToken(user.client, { remain_quota: 5_000_000 });
    return { key, ledger: new Ledger(this.db, user.id, quota) };
  }

  async close(): Promise<void> {
    this.db.close();
    await this.t.close();
    await this.native.close();
    await this.openai.close();
  }
}
