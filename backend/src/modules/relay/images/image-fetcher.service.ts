import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { isPublicAddress, type Settings } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { OutboundClient, OutboundError, type OutboundResponse } from '../../../common/net/outbound-client';
import type { RelayBody } from '../../../providers/provider';
import { RelayError } from '../http/relay-error';
import { remoteImageUrls, withInlineImages } from './image-urls';

/** Largest image fetched for an inline-only upstream (docs/relay.md, "Inline images"). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 20_000;
/** The URL as the client sent it, cut for the error message. */
const shown = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

/**
 * Turns the http(s) image URLs of a chat body into data: URLs for upstreams that only take images
 * inline (adaptors with `inlineImages`). With the WorkerUrl option set, each image is fetched through
 * the worker (POST WorkerUrl, JSON {url, key}); otherwise directly, by the outbound client (public
 * addresses only, checked again at connect time and on every redirect). Fetches of one request run in
 * parallel; any failure is the client's 400 (nothing is charged), never a retryable 5xx.
 */
@Injectable()
export class ImageFetcher implements OnApplicationShutdown {
  private readonly direct: OutboundClient;
  private readonly worker: OutboundClient;
  /** One inlining per request, shared by its attempts on several channels. */
  private readonly done = new WeakMap<object, Promise<RelayBody>>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const extra = new Set(config.outboundTestAllow);
    const allow = extra.size === 0 ? isPublicAddress : (ip: string) => isPublicAddress(ip) || extra.has(ip);
    const common = { allow, timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES };
    this.direct = new OutboundClient({ ...common, maxRedirects: 3 });
    this.worker = new OutboundClient({ ...common, maxRedirects: 0 });
  }

  /** `request` keys the memo (the relay request object, the same for every attempt). */
  inline(request: object, body: RelayBody, settings: Settings, signal?: AbortSignal): Promise<RelayBody> {
    let pending = this.done.get(request);
    if (!pending) {
      pending = this.inlineNow(body, settings, signal);
      this.done.set(request, pending);
    }
    return pending;
  }

  onApplicationShutdown(): Promise<void> {
    return Promise.all([this.direct.close(), this.worker.close()]).then(() => undefined);
  }

  private async inlineNow(body: RelayBody, settings: Settings, signal?: AbortSignal): Promise<RelayBody> {
    const urls = remoteImageUrls(body);
    if (!urls.length) return body;
    // The first failure stops the others.
    const stop = new AbortController();
    const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    try {
      const data = await Promise.all(urls.map((u) => this.fetchOne(u, settings, both)));
      return withInlineImages(body, new Map(urls.map((u, i) => [u, data[i]])));
    } finally {
      stop.abort();
    }
  }

  /** One image as a data: URL, or a RelayError (400) saying why not. */
  private async fetchOne(url: string, settings: Settings, signal: AbortSignal): Promise<string> {
    let res: OutboundResponse;
    try {
      res = settings.WorkerUrl
        ? await this.worker.fetch(settings.WorkerUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url, key: settings.WorkerValidKey }),
            signal,
          })
        : await this.direct.fetch(url, { signal });
    } catch (err) {
      if (err instanceof OutboundError && err.reason === 'too_large')
        throw RelayError.invalidRequest('relay.image_too_large', 'image_too_large', { url: shown(url), mb: MAX_IMAGE_BYTES / 1024 / 1024 });
      if (err instanceof OutboundError && err.reason === 'refused' && !settings.WorkerUrl)
        throw RelayError.invalidRequest('relay.image_url_refused', 'image_url_refused', { url: shown(url) });
      throw RelayError.invalidRequest('relay.image_fetch_failed', 'image_fetch_failed', { url: shown(url) });
    }
    if (res.status < 200 || res.status >= 300)
      throw RelayError.invalidRequest('relay.image_fetch_failed', 'image_fetch_failed', { url: shown(url) });
    const type = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!type.startsWith('image/') || !res.body.length)
      throw RelayError.invalidRequest('relay.image_not_image', 'image_not_image', { url: shown(url) });
    return `data:${type};base64,${res.body.toString('base64')}`;
  }
}
