import { Module } from '@nestjs/common';
import { AuthApiController } from './auth.api.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { EditorGuard } from './editor.guard';
import { LoginPageController } from './login.page.controller';
import { LoginService } from './login.service';
import { LoginThrottle } from './login-throttle';

/** Editor accounts, login and logout pages, and the guard of the editorial preview (issue 9). */
@Module({
  controllers: [LoginPageController, AuthApiController],
  providers: [AuthRepository, AuthService, LoginThrottle, LoginService, EditorGuard],
  exports: [AuthService, LoginService, EditorGuard],
})
export class AuthModule {}
