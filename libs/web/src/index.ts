/** @gw/web: the console runtime shared by the shell and the remotes (one instance, MF singleton). */
export { api, request, withQuery, ApiError, type RequestOptions } from './api/client';
export { toListResult, type ListResult } from './api/paged';
export { classifyFailure, loginRedirect, type FailureAction } from './api/errors';
export { setNavigator, navigate } from './navigation';
export {
  i18n,
  initI18n,
  addDictionary,
  changeLang,
  currentLang,
  storedLang,
  normaliseLang,
  tr,
  LANG_KEY,
  LANGS,
  commonZh,
  commonEn,
  type Lang,
  type Dict,
  type DictOf,
} from './i18n';
export { createStore, readJson, type Store } from './store/create-store';
export {
  userStore,
  useUser,
  getStoredUser,
  setStoredUser,
  clearStoredUser,
  isAdmin,
  isRoot,
  USER_KEY,
  type StoredUser,
} from './store/user';
export { statusStore, useStatus, getStatus, loadStatus, quotaDisplay, STATUS_KEY, COLLAPSE_KEY } from './store/status';
export { sanitizeHtml, renderMarkdown } from './sanitize';
export * from './format';
export { storedTheme, applyTheme, setTheme, THEME_KEY, type ThemeMode } from './theme';
export { ruleFrom, requiredRule, jsonRule } from './rules';
export { copyText, showCopyFallback } from './clipboard';
export { usePageSize, PAGE_SIZE_KEY } from './hooks/usePageSize';
export { useRequest } from './hooks/useRequest';
export { usePagedList, type PagedListOptions, type PageRequest } from './hooks/usePagedList';
export { emptyList } from './hooks/paged-list-state';
export { useStoredFlag } from './hooks/useStoredState';
export { defaultColumnPrefs, parseColumnPrefs, type ColumnPrefs } from './table/column-prefs';
export { ColumnSettingsModal, useColumnPrefs } from './table/ColumnSettings';
export { DataTable, type DataColumn, type DataTableProps } from './table/DataTable';
export { CardList } from './table/CardList';
export { cardLayout } from './table/card-layout';
export { CellText, CellTime } from './table/CellText';
export { RichContent } from './components/RichContent';
export { StandaloneApp, type StandaloneRoute } from './components/StandaloneApp';
export { SubmitFooter, type SubmitFooterProps } from './components/SubmitFooter';
export { useCountdown } from './hooks/useCountdown';
export { useIsMobile, MOBILE_QUERY } from './hooks/useIsMobile';
export { HumanCheck, useHumanCheck, type HumanCheckState } from './identity/HumanCheck';
export { TelegramLogin } from './identity/TelegramLogin';
export { WeChatModal } from './identity/WeChatModal';
export { oauthStartUrl, telegramAuthUrl, queryPath, OAUTH_RETURN_KEY, type OAuthProvider } from './identity/identity-urls';
