import { audioDurationSeconds, audioDurationTokens } from './audio-duration';

/** A PCM WAV of `seconds` (16 kHz, mono, 16-bit). */
export function wavFile(seconds: number): Buffer {
  const rate = 16000;
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** A constant-bitrate MP3 stream: 128 kbit/s, 44.1 kHz frames of 417 bytes. */
function mp3File(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

function flacFile(samples: number, rate: number): Buffer {
  const b = Buffer.alloc(8 + 34);
  b.write('fLaC', 0, 'latin1');
  b[4] = 0x80; // last block, STREAMINFO
  b.writeUIntBE(34, 5, 3);
  const s = 8;
  b[s + 10] = (rate >> 12) & 0xff;
  b[s + 11] = (rate >> 4) & 0xff;
  b[s + 12] = ((rate & 0x0f) << 4) | 0x01;
  b.writeUInt32BE(samples, s + 14);
  return b;
}

describe('audio duration (Whisper billing)', () => {
  it.each([
    ['WAV 30 s', wavFile(30), 30],
    ['MP3 CBR 100 frames', mp3File(100), (100 * 417 * 8) / 128000],
    ['FLAC 2.5 s at 48 kHz', flacFile(120000, 48000), 2.5],
  ])('%s', (_name, file, seconds) => {
    expect(audioDurationSeconds(file)).toBeCloseTo(seconds, 2);
  });

  it.each([
    // new-api: round(ceil(seconds) / 60 × 1000); unknown formats one token per started KB
    [wavFile(30), 500],
    [wavFile(61), 1017],
    [Buffer.alloc(2500, 1), 3],
  ])('tokens of file %# → %d', (file, tokens) => {
    expect(audioDurationTokens(file)).toBe(tokens);
  });
});
