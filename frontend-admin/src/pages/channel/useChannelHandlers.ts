import { Message, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ChannelStatus, type ChannelRecord } from '@gw/shared';
import { listPriority, listWeight } from './channel-display';
import { channelApi } from './channel-api';
import type { ChannelHandlers } from './ChannelTable';
import type { BulkAction } from './ChannelToolbar';

interface Deps {
  reload: () => void;
  patchRow: (id: number, patch: Partial<ChannelRecord>) => void;
  openEditor: (id: number) => void;
  openModelTest: (c: ChannelRecord) => void;
  openTagEdit: ChannelHandlers['tagEdit'];
}

/** What the list's buttons do; failures are reported by the API client. */
export function useChannelHandlers(d: Deps) {
  const { t } = useTranslation();
  const swallow = () => undefined;

  const update = async (c: ChannelRecord, patch: Partial<ChannelRecord>) => {
    await channelApi.update({ id: c.id, ...(patch as object) });
    d.patchRow(c.id, patch);
    Message.success(t('channel.updated'));
  };

  const handlers: ChannelHandlers = {
    test: (c) =>
      void channelApi
        .test(c.id)
        .then((r) => {
          Message.success(t('channel.test_ok', { name: c.name, time: r.time.toFixed(2) }));
          d.patchRow(c.id, { response_time: Math.round(r.time * 1000), test_time: Math.floor(Date.now() / 1000) });
        })
        .catch((e: Error) => Message.error(t('channel.test_fail', { name: c.name, message: e.message }))),
    testModels: d.openModelTest,
    toggle: (c) => void update(c, { status: c.status === ChannelStatus.Enabled ? ChannelStatus.ManuallyDisabled : ChannelStatus.Enabled }).catch(swallow),
    edit: d.openEditor,
    copy: (c) =>
      void (async () => {
        try {
          await channelApi.copy(c.id, t('channel.copy_name', { name: c.name }));
          Message.success(t('channel.copied'));
          d.reload();
        } catch (e) {
          Message.error(`${t('channel.copy_failed')}${(e as Error).message ? `: ${(e as Error).message}` : ''}`);
        }
      })(),
    remove: (c) =>
      void channelApi
        .remove(c.id)
        .then(() => {
          Message.success(t('channel.deleted'));
          d.reload();
        })
        .catch(swallow),
    balance: (c) =>
      void channelApi
        .updateBalance(c.id)
        .then((balance) => {
          d.patchRow(c.id, { balance, balance_updated_time: Math.floor(Date.now() / 1000) });
          Message.success(t('channel.balance_updated', { name: c.name, balance: balance.toFixed(2) }));
        })
        .catch(swallow),
    priority: (c, v) => void update(c, { priority: listPriority(v) }).catch(swallow),
    weight: (c, v) => void update(c, { weight: listWeight(v) }).catch(swallow),
    tagToggle: (tag, enable) =>
      void (enable ? channelApi.enableTag(tag) : channelApi.disableTag(tag))
        .then(() => {
          Message.success(t('common.success'));
          d.reload();
        })
        .catch(swallow),
    tagEdit: d.openTagEdit,
    tagPriority: (tag, v) => {
      if (!Number.isInteger(v)) return void Message.error(t('channel.tag_priority_int'));
      void channelApi
        .editTag({ tag, priority: v })
        .then(() => {
          Message.success(t('channel.updated'));
          d.reload();
        })
        .catch(swallow);
    },
    tagWeight: (tag, v) => {
      if (!Number.isInteger(v) || v < 0) return void Message.error(t('channel.tag_weight_int'));
      void channelApi
        .editTag({ tag, weight: v })
        .then(() => {
          Message.success(t('channel.updated'));
          d.reload();
        })
        .catch(swallow);
    },
  };

  const bulk = async (a: BulkAction) => {
    try {
      if (a === 'testAll') {
        await channelApi.testAll();
        Message.info(t('channel.test_all_started'));
      } else if (a === 'updateBalances') {
        await channelApi.updateAllBalances();
        Message.info(t('channel.balances_started'));
      } else if (a === 'deleteDisabled') {
        Message.success(t('channel.deleted_disabled', { count: await channelApi.deleteDisabled() }));
      } else {
        Message.success(t('channel.fixed', { count: await channelApi.fix() }));
      }
      d.reload();
    } catch {
      /* reported */
    }
  };

  const batchDelete = (ids: number[], done: () => void) => {
    if (ids.length === 0) return void Message.error(t('channel.select_first'));
    Modal.confirm({
      title: t('channel.batch_delete_confirm', { count: ids.length }),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        const count = await channelApi.batchDelete(ids);
        Message.success(t('channel.batch_deleted', { count: count || ids.length }));
        done();
        d.reload();
      },
    });
  };

  return { handlers, bulk, batchDelete };
}
