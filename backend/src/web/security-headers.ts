import { RELEASES_URL, type Settings } from '@gw/shared';
import type { FastifyInstance } from 'fastify';
import { isApiPath, isRelayPath } from '../common/http/relay-paths';

/**
 * Response headers that keep the console from being framed, sniffed or used to load foreign code
 * (docs/security/bodies-and-headers.md). Relay paths get none: their answers are JSON or event
 * streams read by programs, and the hot path stays free of the work.
 */

/** Where the console may load code from besides its own origin: the remote entries of remotes.json. */
export interface ConsoleSources {
  /** remotes.json entries (REMOTE_ADMIN_URL, REMOTE_USER_URL), absolute or relative to the console. */
  readonly remoteUrls: readonly string[];
}

type CspSettings = Pick<
  Settings,
  'Chats' | 'ServerAddress' | 'oidc.well_known' | 'TurnstileCheckEnabled' | 'TelegramOAuthEnabled' | 'HomePageContent' | 'About'
>;

/** Cloudflare Turnstile: its script and the frame it renders the check into. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** Telegram's login widget: the script from telegram.org renders a frame from oauth.telegram.org. */
export const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';
export const TELEGRAM_FRAME_ORIGIN = 'https://oauth.telegram.org';

/**
 * The sign-in widgets the operator switched on (human check, Telegram login): the origins of their
 * scripts and of the frames those scripts create. None while both are off.
 */
export function widgetOrigins(settings: CspSettings): { scripts: string[]; frames: string[] } {
  const scripts: string[] = [];
  const frames: string[] = [];
  if (settings.TurnstileCheckEnabled) {
    scripts.push(TURNSTILE_ORIGIN);
    frames.push(TURNSTILE_ORIGIN);
  }
  if (settings.TelegramOAuthEnabled) {
    scripts.push(TELEGRAM_SCRIPT_ORIGIN);
    frames.push(TELEGRAM_FRAME_ORIGIN);
  }
  return { scripts, frames };
}

/** The origin of an absolute http(s) URL; null for relative URLs, other schemes and text that is no URL. */
export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Origins of the operator's chat links (option Chats: a list of {name: url}), which the /chat/{id}
 * page shows in a frame. `{address}` stands for the server address; links of other schemes
 * (desktop apps) are opened, not framed, and are left out.
 */
export function chatOrigins(settings: CspSettings): string[] {
  const links = (settings.Chats as unknown[]).flatMap((entry) =>
    entry && typeof entry === 'object' ? Object.values(entry as Record<string, unknown>) : [],
  );
  return links.flatMap((link) => {
    const origin = typeof link === 'string' ? httpOrigin(link.replaceAll('{address}', settings.ServerAddress)) : null;
    return origin ? [origin] : [];
  });
}

/**
 * Origins of the home and about pages the operator set to a URL: the console shows a HomePageContent or
 * About that is one http(s) URL and nothing else in a frame (docs/console.md "Home, about and footer");
 * Markdown or HTML content frames nothing.
 */
export function pageOrigins(settings: CspSettings): string[] {
  return [settings.HomePageContent, settings.About].flatMap((value) => {
    const text = (value ?? '').trim();
    const origin = /^https?:\/\/\S+$/i.test(text) ? httpOrigin(text) : null;
    return origin ? [origin] : [];
  });
}

/**
 * The console's Content-Security-Policy. Scripts, style sheets and fonts come from the console's
 * origin and the remote entries' origins only: no inline script, no eval, no <style> element.
 * Inline style attributes stay allowed (style-src 'unsafe-inline', which browsers without
 * style-src-elem apply to elements too): the component library sets them through setAttribute.
 * Frames: only the chat links and a home or about page given as a URL; nobody may frame the console. The sign-in widgets switched on add
 * their script and frame origins (widgetOrigins). Images may come from anywhere (logos, QR codes and
 * notices name operator-chosen hosts; an image cannot run code).
 */
export function consoleCsp(sources: ConsoleSources, settings: CspSettings): string {
  const remotes = unique(sources.remoteUrls.map(httpOrigin));
  const code = ["'self'", ...remotes].join(' ');
  const connect = unique(["'self'", ...remotes, httpOrigin(RELEASES_URL), httpOrigin(settings['oidc.well_known'])]);
  const widgets = widgetOrigins(settings);
  const frames = unique([...chatOrigins(settings), ...pageOrigins(settings), ...widgets.frames]);
  return [
    "default-src 'self'",
    `script-src ${unique(["'self'", ...remotes, ...widgets.scripts]).join(' ')}`,
    `style-src ${code} 'unsafe-inline'`,
    `style-src-elem ${code}`,
    `font-src ${code} data:`,
    `connect-src ${connect.join(' ')}`,
    'img-src * data: blob:',
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** /api answers are data: nothing in them may load or run, nor be framed. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * Adds the headers to every answer but the relay's, in one onRequest hook. Register it before the
 * static-file plugins so their encapsulated contexts inherit it. The console policy follows option
 * changes: it is rebuilt when the settings snapshot is replaced, not per request.
 */
export function registerSecurityHeaders(
  fastify: FastifyInstance,
  sources: ConsoleSources,
  settings: () => CspSettings,
): void {
  let built: { from: CspSettings; csp: string } | undefined;
  const csp = () => {
    const now = settings();
    if (built?.from !== now) built = { from: now, csp: consoleCsp(sources, now) };
    return built.csp;
  };
  fastify.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    if (isRelayPath(url)) return done();
    void reply.headers(COMMON).header('content-security-policy', isApiPath(url) ? API_CSP : csp());
    done();
  });
}

function unique(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((v): v is string => !!v))];
}
