import { crc32 } from 'node:zlib';
import { ProviderInputError } from '../shared/errors';

/**
 * AWS event-stream binary framing (application/vnd.amazon.eventstream), as used by Bedrock's
 * InvokeModelWithResponseStream. Message: total length (u32 BE) | headers length (u32 BE) | prelude
 * CRC32 | headers | payload | message CRC32 (of everything before it). Header: name length (u8) |
 * name | value type (u8) | value.
 */

export type EventStreamHeaderValue = boolean | number | bigint | string | Uint8Array | Date;

export interface EventStreamMessage {
  headers: Record<string, EventStreamHeaderValue>;
  payload: Buffer;
}

const PRELUDE = 12;
const OVERHEAD = 16;
/** AWS's documented maximum message size. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

function readHeaders(buf: Buffer): Record<string, EventStreamHeaderValue> {
  const out: Record<string, EventStreamHeaderValue> = {};
  let i = 0;
  const need = (n: number) => {
    if (i + n > buf.length) throw new ProviderInputError('event-stream header overruns its section');
  };
  while (i < buf.length) {
    need(1);
    const nameLen = buf.readUInt8(i++);
    need(nameLen + 1);
    const name = buf.toString('utf8', i, i + nameLen);
    i += nameLen;
    const type = buf.readUInt8(i++);
    let value: EventStreamHeaderValue;
    switch (type) {
      case 0:
      case 1:
        value = type === 0;
        break;
      case 2:
        need(1);
        value = buf.readInt8(i);
        i += 1;
        break;
      case 3:
        need(2);
        value = buf.readInt16BE(i);
        i += 2;
        break;
      case 4:
        need(4);
        value = buf.readInt32BE(i);
        i += 4;
        break;
      case 5:
      case 8:
        need(8);
        value = type === 5 ? buf.readBigInt64BE(i) : new Date(Number(buf.readBigInt64BE(i)));
        i += 8;
        break;
      case 6:
      case 7: {
        need(2);
        const len = buf.readUInt16BE(i);
        i += 2;
        need(len);
        value = type === 7 ? buf.toString('utf8', i, i + len) : new Uint8Array(buf.subarray(i, i + len));
        i += len;
        break;
      }
      case 9:
        need(16);
        value = new Uint8Array(buf.subarray(i, i + 16));
        i += 16;
        break;
      default:
        throw new ProviderInputError(`event-stream header ${name} has unknown type ${type}`);
    }
    out[name] = value;
  }
  return out;
}

/**
 * Incremental decoder: push byte chunks of any size, get every complete message. Lengths and both
 * CRCs are checked; a corrupt frame throws ProviderInputError (the stream cannot be resynchronised).
 */
export class EventStreamDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Uint8Array): EventStreamMessage[] {
    if (chunk.length) {
      this.chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      this.buffered += chunk.length;
    }
    const out: EventStreamMessage[] = [];
    for (;;) {
      if (this.buffered < PRELUDE) return out;
      const head = this.peek(PRELUDE);
      const total = head.readUInt32BE(0);
      const headersLen = head.readUInt32BE(4);
      if (crc32(head.subarray(0, 8)) !== head.readUInt32BE(8)) throw new ProviderInputError('event-stream prelude CRC mismatch');
      if (total < OVERHEAD || total > MAX_MESSAGE_BYTES || headersLen > total - OVERHEAD) {
        throw new ProviderInputError(`event-stream message length ${total} (headers ${headersLen}) is invalid`);
      }
      if (this.buffered < total) return out;
      const frame = this.take(total);
      if (crc32(frame.subarray(0, total - 4)) !== frame.readUInt32BE(total - 4)) throw new ProviderInputError('event-stream message CRC mismatch');
      out.push({
        headers: readHeaders(frame.subarray(PRELUDE, PRELUDE + headersLen)),
        payload: Buffer.from(frame.subarray(PRELUDE + headersLen, total - 4)),
      });
    }
  }

  /** Bytes left over when the stream ended (non-zero means it was cut mid-message). */
  get pendingBytes(): number {
    return this.buffered;
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length < n) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0].subarray(0, n);
  }

  private take(n: number): Buffer {
    if (this.chunks[0].length < n) this.chunks = [Buffer.concat(this.chunks)];
    const first = this.chunks[0];
    const frame = first.subarray(0, n);
    if (first.length === n) this.chunks.shift();
    else this.chunks[0] = first.subarray(n);
    this.buffered -= n;
    return frame;
  }
}

/** Encodes one message with string, boolean and byte-array headers (for mock upstreams and tests). */
export function encodeEventStreamMessage(headers: Record<string, string | boolean | Uint8Array>, payload: Uint8Array | string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const n = Buffer.from(name, 'utf8');
    parts.push(Buffer.from([n.length]), n);
    if (typeof value === 'boolean') parts.push(Buffer.from([value ? 0 : 1]));
    else {
      const v = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(v.length);
      parts.push(Buffer.from([typeof value === 'string' ? 7 : 6]), len, v);
    }
  }
  const headerBytes = Buffer.concat(parts);
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  const total = OVERHEAD + headerBytes.length + body.length;
  const prelude = Buffer.alloc(PRELUDE);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const withoutCrc = Buffer.concat([prelude, headerBytes, body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(withoutCrc));
  return Buffer.concat([withoutCrc, crc]);
}
