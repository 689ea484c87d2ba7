import { ValidationPipe, type ValidationError } from '@nestjs/common';
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

/** API input validation: a 400 JSON answer naming every bad or unknown parameter (never a 500). */
export const apiValidation = new ValidationPipe({
  transform: true,
  whitelist: true,
  forbidNonWhitelisted: true,
  exceptionFactory: (errors) => DomainException.invalidInput(flatten(errors)),
});
