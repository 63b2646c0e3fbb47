/**
 * Duration of an uploaded audio file, read from its headers (pure, no decoding): WAV, MP3 (Xing/Info
 * frame count, else constant bitrate), FLAC, MP4/M4A (mvhd) and Ogg (Vorbis, Opus). Null when the
 * format is not recognised. Whisper is billed by it, as new-api does: 1000 tokens per started minute.
 */

/** new-api: round(ceil(seconds) / 60 × 1000) tokens; without a duration, one token per started KB. */
export function audioDurationTokens(file: Buffer): number {
  const seconds = audioDurationSeconds(file);
  if (seconds !== null && seconds > 0) return Math.round((Math.ceil(seconds) / 60) * 1000);
  return Math.ceil(file.length / 1000);
}

export function audioDurationSeconds(b: Buffer): number | null {
  try {
    if (b.length < 12) return null;
    if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE') return wav(b);
    if (b.toString('latin1', 0, 4) === 'fLaC') return flac(b);
    if (b.toString('latin1', 0, 4) === 'OggS') return ogg(b);
    if (b.toString('latin1', 4, 8) === 'ftyp') return mp4(b);
    return mp3(b);
  } catch {
    return null;
  }
}

function wav(b: Buffer): number | null {
  let byteRate = 0;
  for (let pos = 12; pos + 8 <= b.length;) {
    const id = b.toString('latin1', pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    if (id === 'fmt ') byteRate = b.readUInt32LE(pos + 16);
    if (id === 'data') {
      // A streamed WAV may declare 0 or 0xFFFFFFFF: take what is there.
      const data = size === 0 || size === 0xffffffff ? b.length - pos - 8 : size;
      return byteRate > 0 ? data / byteRate : null;
    }
    pos += 8 + size + (size % 2);
  }
  return null;
}

function flac(b: Buffer): number | null {
  // STREAMINFO is the first metadata block: sample rate (20 bits) and total samples (36 bits).
  const s = 8;
  const rate = (b[s + 10] << 12) | (b[s + 11] << 4) | (b[s + 12] >> 4);
  const total = (b[s + 13] & 0x0f) * 2 ** 32 + b.readUInt32BE(s + 14);
  return rate > 0 && total > 0 ? total / rate : null;
}

function ogg(b: Buffer): number | null {
  const last = b.lastIndexOf('OggS');
  if (last < 0 || last + 14 > b.length) return null;
  const granule = Number(b.readBigUInt64LE(last + 6));
  let rate = 0;
  if (b.indexOf('OpusHead') !== -1) rate = 48000;
  else {
    const v = b.indexOf('\x01vorbis', 0, 'latin1');
    if (v !== -1) rate = b.readUInt32LE(v + 12);
  }
  return rate > 0 && granule > 0 ? granule / rate : null;
}

function mp4(b: Buffer): number | null {
  const at = b.indexOf('mvhd', 0, 'latin1');
  if (at < 0) return null;
  const c = at + 4;
  const v1 = b[c] === 1;
  const timescale = b.readUInt32BE(c + (v1 ? 20 : 12));
  const duration = v1 ? Number(b.readBigUInt64BE(c + 24)) : b.readUInt32BE(c + 16);
  return timescale > 0 ? duration / timescale : null;
}

const MP3_BITRATES = [
  // MPEG-1 Layer III, then MPEG-2/2.5 Layer III (kbit/s)
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0],
];
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

function mp3(b: Buffer): number | null {
  let pos = 0;
  if (b.toString('latin1', 0, 3) === 'ID3') {
    const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f);
    pos = 10 + size;
  }
  for (; pos + 4 <= b.length && pos < 64 * 1024; pos++) {
    if (b[pos] !== 0xff || (b[pos + 1] & 0xe0) !== 0xe0) continue;
    const version = (b[pos + 1] >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (b[pos + 1] >> 1) & 0x03; // 1: Layer III
    const bitrate = MP3_BITRATES[version === 3 ? 0 : 1][b[pos + 2] >> 4] * 1000;
    const rate = MP3_RATES[version]?.[(b[pos + 2] >> 2) & 0x03];
    if (version === 1 || layer !== 1 || !bitrate || !rate) continue;
    const samples = version === 3 ? 1152 : 576;
    const mono = b[pos + 3] >> 6 === 3;
    const side = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tag = b.toString('latin1', pos + 4 + side, pos + 8 + side);
    if ((tag === 'Xing' || tag === 'Info') && b[pos + 11 + side] & 0x01) {
      const frames = b.readUInt32BE(pos + 12 + side);
      return (frames * samples) / rate;
    }
    return ((b.length - pos) * 8) / bitrate;
  }
  return null;
}
