import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { ACCESS_KEY, REQUIRED_ROLE, type AccessLevel } from './access.decorator';
import { ConsoleAuthService } from './console-auth.service';

/**
 * Global guard for console routes: identifies the caller (ConsoleAuthService) and checks the route's
 * role. A request whose body may pass 64 KB was identified before its body was read
 * (request-bounds.ts); that result is taken as it is, and only the role is checked here.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: ConsoleAuthService,
  ) {}

  /** Synchronous for 'public' and 'relay' routes (the relay authenticates its key itself): no promise to await. */
  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    const level =
      this.reflector.getAllAndOverride<AccessLevel>(ACCESS_KEY, [ctx.getHandler(), ctx.getClass()]) ?? 'root';
    if (level === 'public' || level === 'relay') return true;
    return this.identified(ctx.switchToHttp().getRequest<FastifyRequest>(), level);
  }

  private async identified(req: FastifyRequest, level: Exclude<AccessLevel, 'public' | 'relay'>): Promise<boolean> {
    const user = req.authUser ?? (await this.auth.authenticate(req));
    req.authUser = user;
    if (user.role < REQUIRED_ROLE[level]) throw AppError.forbidden();
    return true;
  }
}
