import { Injectable } from '@nestjs/common';
import type { ServerStatus } from '@gw/shared';
import { OptionService } from '../option/option.service';
import { APP_VERSION, SetupService } from '../setup/setup.service';

const START_TIME = Math.floor(Date.now() / 1000);

/** The public server status object (docs/options.md#reading-and-syncing): only non-secret settings. */
@Injectable()
export class StatusService {
  constructor(
    private readonly options: OptionService,
    private readonly setup: SetupService,
  ) {}

  async status(): Promise<ServerStatus> {
    const s = this.options.settings;
    const chats = s.Chats as unknown[];
    const linkOf = (i: number) => {
      const entry = chats[i] as Record<string, string> | undefined;
      return entry ? (Object.values(entry)[0] ?? '') : '';
    };
    return {
      system_name: s.SystemName,
      logo: s.Logo,
      footer_html: s.Footer,
      quota_per_unit: s.QuotaPerUnit,
      display_in_currency: s.DisplayInCurrencyEnabled,
      display_token_stat: s.DisplayTokenStatEnabled,
      enable_drawing: s.DrawingEnabled,
      enable_task: s.TaskEnabled,
      enable_data_export: s.DataExportEnabled,
      chats,
      data_export_default_time: s.DataExportDefaultTime,
      default_collapse_sidebar: s.DefaultCollapseSidebar,
      mj_notify_enabled: s.MjNotifyEnabled,
      chat_link: linkOf(0),
      chat_link2: linkOf(1),
      docs_link: s['general_setting.docs_link'],
      email_verification: s.EmailVerificationEnabled,
      turnstile_check: s.TurnstileCheckEnabled,
      turnstile_site_key: s.TurnstileSiteKey,
      github_oauth: s.GitHubOAuthEnabled,
      github_client_id: s.GitHubClientId,
      oidc_enabled: s['oidc.enabled'],
      oidc_authorization_endpoint: s['oidc.authorization_endpoint'],
      oidc_client_id: s['oidc.client_id'],
      linuxdo_oauth: s.LinuxDOOAuthEnabled,
      linuxdo_client_id: s.LinuxDOClientId,
      wechat_login: s.WeChatAuthEnabled,
      wechat_qrcode: s.WeChatAccountQRCodeImageURL,
      telegram_oauth: s.TelegramOAuthEnabled,
      telegram_bot_name: s.TelegramBotName,
      check_in_enabled: s.CheckInEnabled,
      version: APP_VERSION,
      start_time: START_TIME,
      setup: await this.setup.isDone(),
      server_address: s.ServerAddress,
      self_use_mode_enabled: s.SelfUseModeEnabled,
      demo_site_enabled: s.DemoSiteEnabled,
      top_up_link: s.TopUpLink,
      min_topup: s.MinTopUp,
      price: s.Price,
      enable_online_topup: Boolean(s.PayAddress && s.EpayId && s.EpayKey),
      register_enabled: s.RegisterEnabled,
      password_login_enabled: s.PasswordLoginEnabled,
      password_register_enabled: s.PasswordRegisterEnabled,
    };
  }
}
