import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception';

/** The path parameter of a setting: its code (lowercase a-z, 0-9, _), else a 400 naming it. */
@Injectable()
export class SettingCodePipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (/^[a-z][a-z0-9_]{0,99}$/.test(value)) return value;
    throw DomainException.invalidInput({ [metadata.data ?? 'code']: 'lowercase a-z, 0-9 and _ (a setting code)' });
  }
}
