import { Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception';
import { AuthService } from './auth.service';

/**
 * Auth call of the content API (SPEC §7 "Auth logout"), under /api/v1. The session is named by the
 * bearer token header (SPEC §7 "bearer token header supported"), never by the cookie alone: a page of
 * another site can make a browser post with its cookies, not with this header.
 */
@Controller('api/v1')
export class AuthApiController {
  constructor(private readonly auth: AuthService) {}

  /** POST /auth/logout with `Authorization: Bearer <session token>`: revokes it; 401 for no live session. */
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Headers('authorization') authorization: string | undefined) {
    const token = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization ?? '')?.[1];
    if (!token || !(await this.auth.closeSession(token)))
      throw DomainException.unauthorized('A bearer token of a live session is required');
    return { data: { logged_out: true } };
  }
}
