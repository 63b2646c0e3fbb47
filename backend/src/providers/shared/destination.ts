import { isValidRegion } from '@gw/shared';
import { ProviderInputError } from './errors';

/**
 * Guards for upstreams whose host is built from channel data (Vertex AI region, Bedrock region): a
 * stored value that would move the request, and the credential with it, to another host fails the
 * call before anything is sent. The save-time checks live in libs/shared (checkChannelRegions); these
 * hold for rows written before them or directly to the database. See docs/security/channel-credentials.md.
 */

/** `region` when it is a valid host-name label (REGION_PATTERN); the value itself is never echoed. */
export function checkedRegion(region: string, provider: string): string {
  if (!isValidRegion(region))
    throw new ProviderInputError(`${provider} region of the channel is not a valid region name`);
  return region;
}

/** `url` when it is https on the default port and its host matches `host`; otherwise an error. */
export function onProviderHost(url: string, host: RegExp, provider: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderInputError(`${provider} URL is not valid`);
  }
  if (
    parsed.protocol !== 'https:' ||
    parsed.port !== '' ||
    parsed.username ||
    parsed.password ||
    !host.test(parsed.hostname)
  ) {
    throw new ProviderInputError(`${provider} URL does not stay on the provider's host`);
  }
  return url;
}
