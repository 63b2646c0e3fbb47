import type { ComponentType, LazyExoticComponent } from 'react';
import { remotePage } from './federation';
import { AboutPage } from './pages/about/AboutPage';
import { ComingSoon } from './pages/ComingSoon';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { OAuthCallbackPage } from './pages/oauth/OAuthCallbackPage';
import { PricingPage } from './pages/pricing/PricingPage';
import { RegisterPage } from './pages/register/RegisterPage';
import { ResetConfirmPage } from './pages/reset/ResetConfirmPage';
import { ResetPage } from './pages/reset/ResetPage';
import { SetupPage } from './pages/setup/SetupPage';
import type { RouteEntry } from './route-table';

/** The shell's own pages, by the names the route table uses. */
export const SHELL_PAGES = {
  HomePage,
  SetupPage,
  LoginPage,
  RegisterPage,
  ResetPage,
  ResetConfirmPage,
  OAuthCallbackPage,
  AboutPage,
  PricingPage,
  ComingSoon,
} satisfies Record<string, ComponentType>;

/** The component a route renders: a shell page, or a remote's page loaded on first render. */
export function routePage(route: RouteEntry): ComponentType | LazyExoticComponent<ComponentType> {
  return route.remote ? remotePage(route.remote, route.page) : SHELL_PAGES[route.page];
}
