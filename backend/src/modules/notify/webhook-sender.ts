import { createHmac } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { isPublicAddress } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { OutboundClient } from '../../common/net/outbound-client';

/** What a notification webhook receives as its JSON body (docs/notifications.md). */
export interface WebhookPayload {
  /** What happened, e.g. `quota_exceed`. */
  readonly type: string;
  readonly title: string;
  readonly content: string;
  /** Values the content mentions, in order. */
  readonly values: readonly (string | number)[];
  /** Epoch seconds when it was sent. */
  readonly timestamp: number;
}

/** The header carrying the hex HMAC-SHA256 of the raw body, keyed with the user's webhook secret. */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';

export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Posts notifications to users' webhook URLs through the outbound client, so only public addresses
 * are reached, checked again at connect time (docs/security/options-and-outbound.md). Addresses in
 * OUTBOUND_TEST_ALLOW are allowed as well (tests only; ignored in production).
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly client: OutboundClient;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const extra = new Set(config.outboundTestAllow);
    this.client = new OutboundClient({
      allow: extra.size === 0 ? isPublicAddress : (ip) => isPublicAddress(ip) || extra.has(ip),
      maxRedirects: 0,
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
    });
  }

  /** Rejects on a refused address (OutboundError), a network failure or an answer other than 2xx. */
  async send(url: string, secret: string, payload: WebhookPayload): Promise<void> {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (secret) headers[SIGNATURE_HEADER] = signBody(secret, body);
    const res = await this.client.fetch(url, { method: 'POST', headers, body });
    if (res.status < 200 || res.status >= 300) throw new Error(`webhook answered ${res.status}`);
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }
}
