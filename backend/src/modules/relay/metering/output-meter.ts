import type { TokenCounter } from './tokenizer-pool';

/** Text goes to the tokenizer in blocks of about this size. */
const BLOCK_CHARS = 16 * 1024;
/**
 * Completed blocks held back before the oldest is counted. Most answers end with the upstream's usage,
 * and then nothing held is ever counted: the tokenizer runs only for long answers and for answers whose
 * usage never comes.
 */
const HELD_BLOCKS = 2;

/**
 * Counts generated text as it passes, for when usage never arrives (upstream omits it, the client
 * disconnects, the stream breaks). Holds at most HELD_BLOCKS + 1 blocks of text, whatever the output
 * length; a meter dropped without `total()` (the usage came) costs no tokenizer work.
 */
export class OutputMeter {
  private block = '';
  private readonly held: string[] = [];
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
    if (this.block.length < BLOCK_CHARS) return;
    this.held.push(this.block);
    this.block = '';
    if (this.held.length > HELD_BLOCKS) this.hand(this.held.shift()!);
  }

  /** Tokens of everything added so far. */
  async total(): Promise<number> {
    for (const block of this.held.splice(0)) this.hand(block);
    this.hand(this.block);
    this.block = '';
    const parts = await Promise.all(this.counts);
    return parts.reduce((a, b) => a + b, 0);
  }

  /** The beginning of the output (up to keepChars). */
  get text(): string {
    return this.kept;
  }

  /**
   * Hands a block to the tokenizer. Should it fail, the block counts as its UTF-8 bytes / 3 (the
   * reservation estimate), so what was delivered is still billed; the rejection is handled here, at
   * once, so a failing worker never surfaces as an unhandled rejection mid-stream.
   */
  private hand(block: string): void {
    if (!block) return;
    const bytes = Buffer.byteLength(block);
    this.counts.push(this.counter.count(this.model, [block]).catch(() => Math.ceil(bytes / 3)));
  }
}
