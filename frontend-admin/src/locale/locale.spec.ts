import { OPTION_KEYS } from '@gw/shared';
import { adminEn, adminZh } from './index';

type Tree = { [k: string]: string | Tree };
const keys = (d: Tree, p = ''): string[] => Object.entries(d).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : keys(v, `${p}${k}.`)));

describe('admin dictionaries', () => {
  it('zh and en have the same keys', () => expect(keys(adminEn as Tree).sort()).toEqual(keys(adminZh).sort()));
  it('every option has a label in both languages', () => {
    for (const key of OPTION_KEYS) {
      const k = key.replace(/\./g, '_') as keyof typeof adminZh.opt;
      expect(adminZh.opt[k]).toBeTruthy();
      expect(adminEn.opt[k]).toBeTruthy();
    }
  });
  it('carries the spec texts', () => {
    expect(adminZh.setting.server_address_required).toBe('请先填写服务器地址');
    expect(adminZh.setting.topup_group_ratio_invalid).toBe('充值分组倍率不是合法的 JSON 字符串');
    expect(adminZh.setting.oidc_fetch_failed).toBe('获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确');
    expect(adminZh.setting.clear_logs_need_time).toBe('请选择日志记录时间');
    expect(adminZh.users.created).toBe('用户账户创建成功！');
    expect(adminZh.users.updated).toBe('用户信息更新成功！');
  });
});
