import { Injectable, Logger } from '@nestjs/common';
import { ChannelStatus, ChannelType } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { type Locale, type MessageParams, t } from '../../common/i18n/i18n';
import type { MessageKey } from '../../common/i18n/messages';
import type { ChannelEntity } from '../../database/entities';
import { splitList } from '../channel/channel-fields';
import { ChannelKeyStore } from '../channel/channel-key-store';
import { ChannelService } from '../channel/channel.service';
import { OptionService } from '../option/option.service';
import { AdaptorRegistry } from '../../providers/adaptor-registry';
import { callSecrets } from '../upstream/secrets';
import { adaptorTarget, toRelayChannel, upstreamModelOf } from '../relay/routing/relay-channel';
import { chatAnswerProblem } from './test-answer';
import { failureText, preparedTarget, upstreamErrorText, upstreamRequest } from '../upstream/management-http';

/** GET /api/channel/test/{id}: success, message, time in seconds. */
export interface TestOutcome {
  success: boolean;
  message: string;
  time: number;
}

/** Why a test failed: a message key, shown in the caller's language and stored in English. */
interface Failure {
  key: MessageKey;
  params: MessageParams;
}

const TEST_TIMEOUT_MS = 60_000;
const TEST_PROMPT = 'hi';
/** Asynchronous task channels have no chat endpoint: a test answers so and changes nothing (docs/channel-types.md). */
const UNTESTABLE_TYPES: readonly number[] = [ChannelType.MidjourneyProxy, ChannelType.MidjourneyProxyPlus, ChannelType.SunoAPI];

/**
 * Channel tests: one real chat call through the channel type's relay adaptor with a tiny prompt.
 * Records response_time (ms) and test_time; applies auto-disable (failure or slower than
 * ChannelDisableThreshold) and auto-enable (AutomaticEnableChannelEnabled) after the result.
 */
@Injectable()
export class ChannelTestService {
  private readonly logger = new Logger(ChannelTestService.name);
  private running = false;

  constructor(
    private readonly channels: ChannelService,
    private readonly options: OptionService,
    private readonly registry: AdaptorRegistry,
    private readonly keyStates: ChannelKeyStore,
  ) {}

  /** `locale`: the language of the answer's message (background runs use English). */
  async test(id: number, model?: string, locale: Locale = 'en'): Promise<TestOutcome> {
    const c = await this.channels.find(id);
    if (UNTESTABLE_TYPES.includes(c.type)) throw AppError.badRequest('channel.test_task_channel');
    const entry = this.registry.get(c.type);
    if (!entry) throw AppError.badRequest('channel.type_unsupported');
    const testModel = model?.trim() || c.test_model?.trim() || splitList(c.models)[0];
    if (!testModel) throw AppError.badRequest('channel.test_no_model');
    const keys = this.channels.keysOf(c);
    // A key disabled on its own is not tested (docs/channel-types.md#multi-key-channels).
    const usable = this.keyStates.usableKeys(c.id, keys);
    const key = usable[Math.floor(Math.random() * usable.length)] ?? '';
    const channel = toRelayChannel(c, keys);
    const upstreamModel = upstreamModelOf(channel, testModel);
    const { adaptor } = entry;
    const secrets = callSecrets(adaptor, keys);
    const started = performance.now();
    let status: number | null = null;
    let failure: Failure | null = null;
    try {
      const target = await preparedTarget(
        adaptor,
        adaptorTarget(channel, key, entry.defaultBaseUrl),
        secrets,
        TEST_TIMEOUT_MS,
      );
      const call = adaptor.buildCall({
        mode: 'chat',
        body: {
          kind: 'json',
          json: { model: testModel, messages: [{ role: 'user', content: TEST_PROMPT }], stream: false },
        },
        upstreamModel,
        stream: false,
        target,
        settings: this.options.settings,
      });
      const res = await upstreamRequest(call.origin + call.path, {
        method: call.method,
        headers: { ...call.headers },
        body: call.body,
        timeoutMs: TEST_TIMEOUT_MS,
      });
      status = res.status;
      if (res.status >= 300) {
        failure = {
          key: 'channel.test_upstream_error',
          params: { detail: upstreamErrorText(adaptor, res.status, res.body, secrets) },
        };
      } else {
        const problem = chatAnswerProblem(adaptor, res.status, res.body, res.contentType, upstreamModel);
        if (problem) failure = { key: 'channel.test_bad_answer', params: { detail: failureText(problem, secrets) } };
      }
    } catch (err) {
      failure = { key: 'channel.test_request_failed', params: { detail: failureText(err, secrets) } };
    }
    const ms = Math.round(performance.now() - started);
    await this.channels.recordTest(id, ms);
    return this.judge(c, ms, status, failure, locale);
  }

  /** GET /api/channel/test: tests enabled and auto-disabled channels in the background (one run at a time). */
  startTestAll(): boolean {
    if (this.running) return false;
    this.running = true;
    void this.testAll().finally(() => (this.running = false));
    return true;
  }

  async testAll(): Promise<void> {
    const rows = await this.channels.refs({ statusIn: [ChannelStatus.Enabled, ChannelStatus.AutoDisabled] });
    for (const { id, type } of rows) {
      if (UNTESTABLE_TYPES.includes(type)) continue;
      await this.test(id).catch((err) =>
        this.logger.warn(`test of channel #${id} failed: ${err instanceof AppError ? err.key : 'error'}`),
      );
    }
  }

  private async judge(
    c: ChannelEntity,
    ms: number,
    status: number | null,
    failure: Failure | null,
    locale: Locale,
  ): Promise<TestOutcome> {
    const s = this.options.settings;
    const time = ms / 1000;
    const canDisable = s.AutomaticDisableChannelEnabled && c.auto_ban === 1;
    const threshold = Number(s.ChannelDisableThreshold) || 0;
    if (!failure && threshold > 0 && time > threshold) {
      failure = { key: 'channel.test_too_slow', params: { time: time.toFixed(2), threshold } };
    }
    if (failure) {
      // A 429 is the upstream's rate limit, not a broken channel.
      if (canDisable && status !== 429)
        await this.channels.autoDisable(c.id, `channel test failed: ${t(failure.key, 'en', failure.params)}`);
      return { success: false, message: t(failure.key, locale, failure.params), time };
    }
    if (c.status === ChannelStatus.AutoDisabled && s.AutomaticEnableChannelEnabled)
      await this.channels.autoEnable(c.id);
    return { success: true, message: '', time };
  }
}
