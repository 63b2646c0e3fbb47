import type { OptionKey, Settings } from '@gw/shared';
import { AppError } from '../../common/http/app-error';

/** Rules that span options (beyond each key's own type and range). */
export function checkOptionRules(key: OptionKey, value: string, current: Settings): void {
  if (value !== 'true') return;
  const needsClient: Partial<Record<OptionKey, [string, string, string]>> = {
    GitHubOAuthEnabled: ['GitHub', current.GitHubClientId, 'GitHubClientId'],
    LinuxDOOAuthEnabled: ['LinuxDO', current.LinuxDOClientId, 'LinuxDOClientId'],
    'oidc.enabled': ['OIDC', current['oidc.client_id'], 'oidc.client_id'],
  };
  const need = needsClient[key];
  if (need && !need[1]) throw AppError.badRequest('option.oauth_client_id_required', { provider: need[0] });
  if (key === 'SelfUseModeEnabled' && current.DemoSiteEnabled) throw AppError.badRequest('setup.mode_conflict');
  if (key === 'DemoSiteEnabled' && current.SelfUseModeEnabled) throw AppError.badRequest('setup.mode_conflict');
}
