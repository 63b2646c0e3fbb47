import { Injectable } from '@nestjs/common';
import { checkLogin, checkRegister, normalizeEmail, Role, type LoginResult } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import type { MessageKey } from '../../common/i18n/messages';
import { OptionService } from '../option/option.service';
import { SetupService } from '../setup/setup.service';
import { UserService } from '../user/user.service';
import { VerificationCodes } from '../verification/verification-codes';
import { loginResultOf } from './login-result';
import { SignUpService } from './sign-up.service';

/** The password new-api deployments were seeded with; signing in with it earns a warning. */
export const DEFAULT_ROOT_PASSWORD = '123456';

export interface RegisterInput {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
  aff_code?: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UserService,
    private readonly options: OptionService,
    private readonly setup: SetupService,
    private readonly codes: VerificationCodes,
    private readonly signUp: SignUpService,
  ) {}

  /**
   * Verifies credentials; the same answer for an unknown user, a wrong password and a banned user. That
   * answer is `success:false` with HTTP 200, as new-api's clients expect: a 401 would read as an expired
   * session (docs/console-api.md).
   */
  async login(username: string, password: string): Promise<{ result: LoginResult; sessionVersion: number }> {
    if (!this.options.settings.PasswordLoginEnabled) throw AppError.forbidden('auth.password_login_disabled');
    const rule = checkLogin(username, password);
    if (rule) throw AppError.badRequest(rule as MessageKey);
    const user = await this.users.findByLogin(username.trim());
    const valid = await this.users.verifyPassword(user ?? ({ password: '' } as never), password);
    if (!user || !valid || user.status !== 1) throw AppError.refused('auth.bad_credentials');
    const result = loginResultOf(user);
    if (user.role === Role.Root && password === DEFAULT_ROOT_PASSWORD) result.default_password_warning = true;
    return { result, sessionVersion: user.session_version };
  }

  async register(input: RegisterInput, turnstileToken: string | undefined): Promise<void> {
    const s = this.options.settings;
    if (!(await this.setup.isDone())) throw AppError.forbidden('setup.required');
    if (!s.RegisterEnabled) throw AppError.forbidden('auth.register_disabled');
    if (!s.PasswordRegisterEnabled) throw AppError.forbidden('auth.password_register_disabled');
    if (s.TurnstileCheckEnabled && !turnstileToken) throw AppError.badRequest('auth.turnstile_required');
    const rule = checkRegister(input);
    if (rule) throw AppError.badRequest(rule as MessageKey);
    // With e-mail verification the address's code is checked now (a wrong one counts as an attempt)
    // and used up in the sign-up transaction (docs/identity/email-and-reset.md).
    const email = s.EmailVerificationEnabled ? normalizeEmail(input.email ?? '') : (input.email ?? '');
    const code = input.verification_code?.trim() ?? '';
    if (s.EmailVerificationEnabled) {
      if (!email || !code) throw AppError.badRequest('auth.email_verification_required');
      await this.codes.check('email', email, code);
    }

    // argon2 takes tens of milliseconds: hashed before the transaction, never inside it.
    const passwordHash = await this.users.hashPassword(input.password);
    await this.signUp.createAccount(
      { username: input.username.trim(), passwordHash, email, aff_code: input.aff_code },
      s.EmailVerificationEnabled ? (m) => this.codes.consume(m, 'email', email, code) : undefined,
    );
  }
}
