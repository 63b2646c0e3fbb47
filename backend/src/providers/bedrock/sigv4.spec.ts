import { createHash } from 'node:crypto';
import { amzDate, signingKey, signV4 } from './sigv4';

/** AWS Signature Version 4 test suite (aws-sig-v4-test-suite) and the IAM example of the AWS docs. */
const SUITE = {
  region: 'us-east-1',
  service: 'service',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  date: new Date('2015-08-30T12:36:00Z'),
};
const TOKEN =
  'AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==';

describe('SigV4: AWS test suite vectors', () => {
  it.each([
    ['get-vanilla', 'GET', 'https://example.amazonaws.com/', {}, '', 'host;x-amz-date', '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'],
    ['get-vanilla-query-order-key-case', 'GET', 'https://example.amazonaws.com/?Param2=value2&Param1=value1', {}, '', 'host;x-amz-date', 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500'],
    ['get-utf8', 'GET', 'https://example.amazonaws.com/ሴ', {}, '', 'host;x-amz-date', '8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85'],
    ['get-header-value-trim', 'GET', 'https://example.amazonaws.com/', { 'My-Header1': ' value1', 'My-Header2': '"a   b   c"' }, '', 'host;my-header1;my-header2;x-amz-date', 'acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736'],
    ['post-vanilla', 'POST', 'https://example.amazonaws.com/', {}, '', 'host;x-amz-date', '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b'],
    ['post-vanilla-query', 'POST', 'https://example.amazonaws.com/?Param1=value1', {}, '', 'host;x-amz-date', '28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11'],
    ['post-header-key-sort', 'POST', 'https://example.amazonaws.com/', { 'My-Header1': 'value1' }, '', 'host;my-header1;x-amz-date', 'c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c'],
    ['post-x-www-form-urlencoded', 'POST', 'https://example.amazonaws.com/', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'Param1=value1', 'content-type;host;x-amz-date', 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a'],
  ] as const)('%s', (_name, method, url, headers, body, signed, signature) => {
    const r = signV4({ ...SUITE, method, url, headers, body });
    expect(r.signature).toBe(signature);
    expect(r.headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=${signed}, Signature=${signature}`,
    );
    expect(r.headers['x-amz-date']).toBe('20150830T123600Z');
    expect(r.headers.host).toBe('example.amazonaws.com');
  });

  it('post-sts-header-before: the session token is signed', () => {
    const r = signV4({ ...SUITE, method: 'POST', url: 'https://example.amazonaws.com/', credentials: { ...SUITE.credentials, sessionToken: TOKEN } });
    expect(r.headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
    expect(r.signature).toBe('85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead');
    expect(r.headers['x-amz-security-token']).toBe(TOKEN);
  });

  it('post-sts-header-after: the token is added after signing (signature of post-vanilla)', () => {
    const r = signV4({ ...SUITE, method: 'POST', url: 'https://example.amazonaws.com/', credentials: { ...SUITE.credentials, sessionToken: TOKEN }, signSessionToken: false });
    expect(r.signature).toBe('5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b');
    expect(r.headers['x-amz-security-token']).toBe(TOKEN);
  });
});

describe('SigV4: AWS documentation examples', () => {
  it('derived signing key for 20150830/us-east-1/iam', () => {
    expect(signingKey(SUITE.credentials.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
  });

  it('IAM ListUsers request', () => {
    const r = signV4({
      ...SUITE,
      service: 'iam',
      method: 'GET',
      url: 'https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });
    expect(createHash('sha256').update(r.canonicalRequest).digest('hex')).toBe('f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59');
    expect(r.signature).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7');
  });

  it('a Bedrock path keeps its encoded colon on the wire and encodes it again in the canonical request', () => {
    const r = signV4({
      ...SUITE,
      service: 'bedrock',
      method: 'POST',
      url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke',
      body: '{}',
    });
    expect(r.canonicalRequest.split('\n')[1]).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%253A0/invoke');
  });

  it('x-amz-date format', () => {
    expect(amzDate(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678)))).toBe('20240102T030405Z');
  });
});
