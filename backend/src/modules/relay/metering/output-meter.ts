import type { TokenCounter } from './tokenizer-pool';

/** Text is handed to the tokenizer in blocks of about this size, so memory stays bounded per stream. */
const BLOCK_CHARS = 16 * 1024;

/**
 * Counts generated text as it passes, for when usage never arrives (upstream omits it, the client
 * disconnects, the stream breaks). Holds at most one block of text, whatever the output length.
 */
export class OutputMeter {
  private block = '';
  private readonly counts: Promise<number>[] = [];
  private kept = '';

  /** `keepChars`: how much of the output to keep for the log (LogChatContentEnabled); 0 keeps none. */
  constructor(
    private readonly counter: TokenCounter,
    private readonly model: string,
    private readonly keepChars = 0,
  ) {}

  add(text: string): void {
    if (this.kept.length < this.keepChars) this.kept += text.slice(0, this.keepChars - this.kept.length);
    this.block += text;
    if (this.block.length >= BLOCK_CHARS) this.hand();
  }

  /** Tokens of everything added so far. */
  async total(): Promise<number> {
    this.hand();
    const parts = await Promise.all(this.counts);
    return parts.reduce((a, b) => a + b, 0);
  }

  /** The beginning of the output (up to keepChars). */
  get text(): string {
    return this.kept;
  }

  /**
   * Hands the block to the tokenizer. Should it fail, the block counts as its UTF-8 bytes / 3 (the
   * reservation estimate), so what was delivered is still billed; the rejection is handled here, at
   * once, so a failing worker never surfaces as an unhandled rejection mid-stream.
   */
  private hand(): void {
    if (!this.block) return;
    const bytes = Buffer.byteLength(this.block);
    this.counts.push(this.counter.count(this.model, [this.block]).catch(() => Math.ceil(bytes / 3)));
    this.block = '';
  }
}
