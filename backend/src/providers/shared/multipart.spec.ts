import { boundaryOf, readField, replaceField } from './multipart';

const body = (model: string) =>
  Buffer.from(
    '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\x00\x01model\r\n' +
      `--XyZ\r\nContent-Disposition: form-data; name="model"\r\n\r\n${model}\r\n` +
      '--XyZ--\r\n',
    'latin1',
  );

describe('multipart', () => {
  it('reads and replaces a text field, leaving file parts alone', () => {
    expect(boundaryOf('multipart/form-data; boundary=XyZ')).toBe('XyZ');
    expect(readField(body('whisper-1'), 'XyZ', 'model')).toBe('whisper-1');
    const replaced = replaceField(body('whisper-1'), 'XyZ', 'model', 'whisper-large');
    expect(replaced.equals(body('whisper-large'))).toBe(true);
    expect(readField(body('x'), 'XyZ', 'missing')).toBeNull();
  });
});
