import { IsOptional, IsString, MaxLength } from 'class-validator';
import { HasNoControlCharacters, ShopScopedQueryDto } from '../../../common/api';

export class CitiesQueryDto extends ShopScopedQueryDto {
  /**
   * What the visitor typed in the postcode field: any text (a partial or foreign postcode finds no
   * locality), but no control characters and not a whole paragraph.
   */
  @IsOptional()
  @IsString()
  @MaxLength(16)
  @HasNoControlCharacters()
  zipcode?: string;
}
