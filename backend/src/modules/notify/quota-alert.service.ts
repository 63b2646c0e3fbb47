import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { LogType, UserStatus } from '@gw/shared';
import { t } from '../../common/i18n/i18n';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { QuotaLedger } from '../billing/quota-ledger.service';
import { ClusterJobs } from '../redis/cluster-jobs.service';
import { LogService } from '../log/log.service';
import { MailService } from '../mail/mail.service';
import { OptionService } from '../option/option.service';
import type { NotifyRecord } from '../user/user.repository';
import { notifySettingOf, type NotifySetting } from '../user/user-setting';
import { UserService } from '../user/user.service';
import { QuotaAlertRepository } from './quota-alert.repository';
import { WebhookSender } from './webhook-sender';

/** Alerts to one user are at least this far apart (seconds). */
export const ALERT_SPACING_SEC = 2 * 60 * 60;
/** Users whose balance moved are checked together, this long after the first of them (ms). */
const CHECK_DELAY_MS = 200;
/** After a check lost the claim, the user is not checked again by this node for this long (ms). */
const RECHECK_AFTER_MS = 5 * 60_000;
const SCAN_LIMIT = 10_000;
const CHUNK = 500;

/**
 * Low-quota alerts (docs/notifications.md). A user whose quota is below their own
 * quota_warning_threshold (or, without one, the site's QuotaRemindThreshold) is told by e-mail or
 * webhook, as their setting says, and gets a system log row saying what was sent.
 *
 * Two ways in: the ledger reports the users whose balance a commit moved (only noted here; the check
 * runs later, off the relay path), and a periodic scan on the master node (QUOTA_REMIND_FREQUENCY
 * minutes) catches balances lowered elsewhere. A `quota_alerts` row is the durable claim: usage
 * repeats an alert at most every two hours while the quota stays low, the scan alerts only users
 * without a row, and deletes rows of users whose quota is back up.
 */
@Injectable()
export class QuotaAlertService implements OnApplicationBootstrap {
  private readonly logger = new Logger(QuotaAlertService.name);
  private readonly pending = new Set<number>();
  private checkTimer?: NodeJS.Timeout;
  /** Users this node need not check before the time given (epoch ms). */
  private readonly quietUntil = new Map<number, number>();
  private scanning = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly ledger: QuotaLedger,
    private readonly users: UserService,
    private readonly alerts: QuotaAlertRepository,
    private readonly options: OptionService,
    private readonly logs: LogService,
    private readonly mail: MailService,
    private readonly webhooks: WebhookSender,
    private readonly jobs: ClusterJobs,
  ) {}

  onApplicationBootstrap(): void {
    this.ledger.onBalanceMoved((ids) => this.noteMoved(ids));
    const minutes = this.config.quotaRemindFrequencyMin;
    if (!this.config.isMaster || !(minutes > 0)) return;
    const periodMs = Math.max(1000, Math.round(minutes * 60_000));
    const timer = setInterval(() => {
      this.jobs
        .run('quota-remind', periodMs, () => this.scan())
        .catch((err) => this.logger.warn(`quota alert scan failed: ${String(err)}`));
    }, periodMs);
    timer.unref();
    this.scheduler.addInterval('quota-remind', timer);
    this.logger.log(`quota-remind every ${minutes} min`);
  }

  /** On the relay path: set lookups only; the check runs CHECK_DELAY_MS later for all noted users. */
  noteMoved(userIds: readonly number[]): void {
    const now = Date.now();
    for (const id of userIds) if ((this.quietUntil.get(id) ?? 0) <= now) this.pending.add(id);
    if (this.pending.size === 0 || this.checkTimer) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = undefined;
      void this.checkPending().catch((err) => this.logger.warn(`quota alert check failed: ${String(err)}`));
    }, CHECK_DELAY_MS);
    this.checkTimer.unref();
  }

  /** Checks the users noted since the last check; returns how many were alerted. */
  async checkPending(): Promise<number> {
    const ids = [...this.pending];
    this.pending.clear();
    let sent = 0;
    for (const r of await this.users.findNotifyRecords(ids)) if (await this.consider(r, true)) sent++;
    return sent;
  }

  /** One scan: alerts low users not alerted yet, forgets alerts of users back above; returns alerts sent. */
  async scan(): Promise<number> {
    if (this.scanning) return 0;
    this.scanning = true;
    try {
      const site = this.siteThreshold();
      let sent = 0;
      for (const r of await this.records(await this.users.findLowQuotaCandidates(site, SCAN_LIMIT)))
        if (await this.consider(r, false)) sent++;
      const recovered = (await this.records(await this.alerts.alertedUsers(SCAN_LIMIT)))
        .filter((r) => !this.isLow(r))
        .map((r) => r.id);
      await this.alerts.forget(recovered, nowSec() - ALERT_SPACING_SEC);
      const now = Date.now();
      for (const [id, until] of this.quietUntil) if (until <= now) this.quietUntil.delete(id);
      return sent;
    } finally {
      this.scanning = false;
    }
  }

  private siteThreshold(): number {
    return Number(this.options.settings.QuotaRemindThreshold) || 0;
  }

  private thresholdOf(setting: NotifySetting): number {
    return setting.quotaWarningThreshold || this.siteThreshold();
  }

  private isLow(r: NotifyRecord, setting = this.settingOf(r)): boolean {
    if (r.deleted_at || r.status !== UserStatus.Enabled) return false;
    return r.quota < this.thresholdOf(setting);
  }

  private settingOf(r: NotifyRecord): NotifySetting {
    return notifySettingOf(r.setting, this.config.cryptoSecret);
  }

  private async records(ids: readonly number[]): Promise<NotifyRecord[]> {
    const out: NotifyRecord[] = [];
    for (let i = 0; i < ids.length; i += CHUNK)
      out.push(...(await this.users.findNotifyRecords(ids.slice(i, i + CHUNK))));
    return out;
  }

  /**
   * Alerts `r` if low, reachable and the claim is won (`repeat`: also when the last alert is old
   * enough). A user with nowhere to send to (no address, no webhook URL, no SMTP server) is not
   * claimed: the alert goes out once they can be reached.
   */
  private async consider(r: NotifyRecord, repeat: boolean): Promise<boolean> {
    const setting = this.settingOf(r);
    if (!this.isLow(r, setting)) return false;
    const target = this.targetOf(r, setting);
    if (!target) return false;
    if (!(await this.alerts.claim(r.id, nowSec(), repeat ? ALERT_SPACING_SEC : undefined))) {
      this.quietUntil.set(r.id, Date.now() + RECHECK_AFTER_MS);
      return false;
    }
    this.quietUntil.set(r.id, Date.now() + ALERT_SPACING_SEC * 1000);
    const outcome = await this.deliver(r, target).then(
      () => `sent by ${target.kind === 'email' ? 'e-mail' : 'webhook'}`,
      (err: unknown) => `not delivered: ${String(err)}`,
    );
    this.logs.record({
      type: LogType.System,
      user_id: r.id,
      username: r.username,
      content: `quota reminder: remaining quota ${r.quota} is below ${this.thresholdOf(setting)}; ${outcome}`,
    });
    return true;
  }

  /** Where the user's alert goes, or null when it cannot go anywhere now. */
  private targetOf(r: NotifyRecord, setting: NotifySetting): AlertTarget | null {
    if (setting.notifyType === 'webhook')
      return setting.webhookUrl ? { kind: 'webhook', url: setting.webhookUrl, secret: setting.webhookSecret } : null;
    const to = setting.notificationEmail || r.email;
    return to && this.mail.configured ? { kind: 'email', to } : null;
  }

  /** Sends the alert; rejects when it could not be delivered. */
  private async deliver(r: NotifyRecord, target: AlertTarget): Promise<void> {
    const s = this.options.settings;
    const link = s.TopUpLink || `${String(s.ServerAddress).replace(/\/+$/, '')}/topup`;
    const title = t('notify.quota_low_title', 'zh');
    const content = t('notify.quota_low_content', 'zh', { quota: r.quota });
    const linkLine = t('notify.top_up_link', 'zh', { link });
    if (target.kind === 'webhook') {
      await this.webhooks.send(target.url, target.secret, {
        type: 'quota_exceed',
        title,
        content: `${content}\n${linkLine}`,
        values: [r.quota, link],
        timestamp: nowSec(),
      });
      return;
    }
    const linkHtml = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
    const html = `<p>${escapeHtml(content)}</p><p>${escapeHtml(t('notify.top_up_link', 'zh', { link: '' }))}${linkHtml}</p>`;
    await this.mail.send({ to: target.to, subject: title, text: `${content}\n${linkLine}`, html });
  }
}

type AlertTarget = { kind: 'email'; to: string } | { kind: 'webhook'; url: string; secret: string };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
