import type { TokenCounter } from './tokenizer-pool';

/** Streamed text is cut into blocks of at least this many characters, at chunk boundaries. */
const BLOCK_CHARS = 256;
/** Blocks held at most: up to HELD_BLOCKS × BLOCK_CHARS characters (~8 K) the count is exact. */
const HELD_BLOCKS = 32;

interface HeldBlock {
  readonly index: number;
  readonly text: string;
  readonly bytes: number;
}

/**
 * Counts generated text as it passes, for when usage never arrives (upstream omits it, the client
 * disconnects, the stream breaks). Its memory is bounded whatever the output length, and it costs no
 * tokenizer work unless `total()` is called (a meter dropped because the usage came costs nothing).
 *
 * Up to HELD_BLOCKS blocks every block is held and the count is exact. Beyond that the meter keeps an
 * evenly spread sample: every `stride`-th block, the stride doubling (and every other held block
 * dropped) whenever the sample would outgrow HELD_BLOCKS. The total is then the sample's tokens scaled
 * by all delivered UTF-8 bytes over the sample's bytes (docs/relay.md, "Streams without usage").
 */
export class OutputMeter {
  private block = '';
  private blocks = 0;
  private stride = 1;
  private held: HeldBlock[] = [];
  private heldBytes = 0;
  private totalBytes = 0;
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
    if (this.block.length >= BLOCK_CHARS) this.closeBlock();
  }

  /** Tokens of everything added so far: exact up to HELD_BLOCKS blocks, estimated from the sample beyond. */
  async total(): Promise<number> {
    if (this.block) this.closeBlock();
    const texts = this.held.map((b) => b.text);
    const exact = this.heldBytes === this.totalBytes;
    return this.counter.count(this.model, exact ? [texts.join('')] : texts).then(
      (tokens) => (exact ? tokens : Math.round((tokens * this.totalBytes) / this.heldBytes)),
      // The tokenizer failing: the reservation's own estimate, UTF-8 bytes / 3, so what was delivered is billed.
      () => Math.ceil(this.totalBytes / 3),
    );
  }

  /** The beginning of the output (up to keepChars). */
  get text(): string {
    return this.kept;
  }

  /** Characters of output the meter holds now (its memory), whatever has passed through it. */
  get heldChars(): number {
    return this.held.reduce((n, b) => n + b.text.length, this.block.length);
  }

  private closeBlock(): void {
    const block = this.block;
    this.block = '';
    // One oversized chunk is cut into blocks too, so that no single block outgrows the bound.
    for (let start = 0; start < block.length;) {
      const end = block.length - start >= 2 * BLOCK_CHARS ? cutAt(block, start) : block.length;
      this.take(start === 0 && end === block.length ? block : copyOf(block.slice(start, end)));
      start = end;
    }
  }

  private take(text: string): void {
    const bytes = Buffer.byteLength(text);
    this.totalBytes += bytes;
    const index = this.blocks++;
    if (index % this.stride !== 0) return;
    this.held.push({ index, text, bytes });
    this.heldBytes += bytes;
    if (this.held.length <= HELD_BLOCKS) return;
    this.stride *= 2;
    this.held = this.held.filter((b) => b.index % this.stride === 0);
    this.heldBytes = this.held.reduce((n, b) => n + b.bytes, 0);
  }
}

/**
 * Where a block cut from a long chunk ends: before a space in its last half if there is one (the
 * tokenizers put a word's leading space in its token, so no token is split), else at BLOCK_CHARS,
 * never between the two halves of a surrogate pair.
 */
function cutAt(text: string, start: number): number {
  for (let i = start + BLOCK_CHARS; i > start + BLOCK_CHARS / 2; i--) if (text.charCodeAt(i) === 32) return i;
  const end = start + BLOCK_CHARS;
  return isHighSurrogate(text.charCodeAt(end - 1)) ? end + 1 : end;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** A slice of a long string keeps the whole string alive; a held block must own its characters. */
const copyOf = (slice: string) => Buffer.from(slice, 'utf8').toString('utf8');
