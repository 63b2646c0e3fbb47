import { Injectable } from '@nestjs/common';
import {
  ChannelKeyStatus,
  maskChannelKey,
  type ChannelKeyState,
  type ChannelKeyStatusPage,
  type MultiKeyManageDto,
  type MultiKeyMode,
} from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { ChannelKeyStore } from './channel-key-store';
import { ChannelService } from './channel.service';

const DEFAULT_PAGE_SIZE = 20;

/**
 * POST /api/channel/multi_key/manage (docs/channel-types.md#multi-key-channels): the status of each key
 * of a channel, masked, and an operator's enabling or disabling of keys. Keys are addressed by their
 * position in the channel's key list as read now; the change is stored against the key's fingerprint.
 */
@Injectable()
export class ChannelMultiKeyService {
  constructor(
    private readonly channels: ChannelService,
    private readonly store: ChannelKeyStore,
  ) {}

  async manage(dto: MultiKeyManageDto, operator: string): Promise<ChannelKeyStatusPage> {
    const channel = await this.channels.find(dto.channel_id);
    const keys = this.channels.keysOf(channel);
    const prints = keys.map((k) => this.store.fingerprint(k));
    const at = (index: number | undefined): string => {
      const print = index === undefined ? undefined : prints[index];
      if (print === undefined) throw AppError.badRequest('channel.key_index_invalid');
      return print;
    };
    switch (dto.action) {
      case 'disable_key':
        await this.store.disable(
          channel.id,
          at(dto.key_index),
          ChannelKeyStatus.ManuallyDisabled,
          `disabled by ${operator}`,
        );
        break;
      case 'enable_key':
        await this.store.enable(channel.id, [at(dto.key_index)]);
        break;
      case 'enable_all_keys':
        await this.store.enable(channel.id, prints);
        break;
      case 'disable_all_keys':
        for (const print of prints)
          await this.store.disable(channel.id, print, ChannelKeyStatus.ManuallyDisabled, `disabled by ${operator}`);
        break;
      case 'get_key_status':
        break;
    }
    const states: ChannelKeyState[] = keys.map((key, index) => {
      const state = this.store.stateOf(channel.id, prints[index]);
      return {
        index,
        key_preview: maskChannelKey(key),
        status: state.status,
        disabled_reason: state.reason,
        disabled_time: state.time,
      };
    });
    const count = (status: number) => states.filter((s) => s.status === status).length;
    const pageSize = dto.page_size ?? DEFAULT_PAGE_SIZE;
    const page = dto.page ?? 1;
    return {
      keys: states.slice((page - 1) * pageSize, page * pageSize),
      total: states.length,
      page,
      page_size: pageSize,
      enabled_count: count(ChannelKeyStatus.Enabled),
      manual_disabled_count: count(ChannelKeyStatus.ManuallyDisabled),
      auto_disabled_count: count(ChannelKeyStatus.AutoDisabled),
      multi_key_mode: (channel.multi_key_mode === 'polling' ? 'polling' : 'random') satisfies MultiKeyMode,
    };
  }
}
