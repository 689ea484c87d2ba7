import { Injectable, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { I18nResolver } from 'nestjs-i18n';

/** nestjs-i18n's language for a request: the locale the host resolved to (SPEC §1), never a header. */
@Injectable()
export class SiteLocaleResolver implements I18nResolver {
  resolve(context: ExecutionContext): string | undefined {
    if (context.getType() !== 'http') return undefined;
    return context.switchToHttp().getRequest<Request>().site?.locale;
  }
}
