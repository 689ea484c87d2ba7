import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { DomainException } from '../errors/domain.exception';

function flatten(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) out[key] = Object.values(error.constraints).join('; ');
    if (error.children?.length) Object.assign(out, flatten(error.children, key));
  }
  return out;
}

/**
 * Query strings and bodies are validated against their DTOs. Path parameters are left as the client
 * sent them, for their own pipe (ParseIdPipe, SettingCodePipe): converted to their declared `number`
 * first, as `transform` does, ' 1', '+1', '1e3' and '0x1f' would all reach ParseIdPipe as valid ids
 * (a DELETE of /redirections/%201 deleted redirection 1).
 */
class ApiValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    return super.transform(value, metadata) as Promise<unknown>;
  }
}

/** API input validation: a 400 JSON answer naming every bad or unknown parameter (never a 500). */
export const apiValidation = new ApiValidationPipe({
  transform: true,
  whitelist: true,
  forbidNonWhitelisted: true,
  exceptionFactory: (errors) => DomainException.invalidInput(flatten(errors)),
});
