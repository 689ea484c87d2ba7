import { plainToInstance, Transform } from 'class-transformer';
import { IsArray, validateSync } from 'class-validator';
import { DomainException } from '../errors/domain.exception';
import {
  HasNoControlCharacters,
  INTEGER_MAX,
  IsDatabaseId,
  IsIntegerParam,
  IsOptionalNotNull,
  ParseIdPipe,
  toInteger,
} from './api-params';
import { apiValidation } from './api-validation';

class Query {
  @IsOptionalNotNull()
  @Transform(toInteger)
  @IsDatabaseId()
  id?: number;

  @IsOptionalNotNull()
  @IsIntegerParam(1, 100)
  page?: number;

  @IsOptionalNotNull()
  @HasNoControlCharacters()
  text?: string;

  @IsOptionalNotNull()
  @IsArray()
  @IsDatabaseId({ each: true })
  ids?: unknown;
}

const invalid = (input: Record<string, unknown>) => validateSync(plainToInstance(Query, input)).map((e) => e.property);

describe('api-params', () => {
  it.each(['2147483648', '99999999999999999999', '1e3', '0x1f', ' 1', '1.5', '0', '-1', ''])(
    'refuses id %p, naming it',
    (id) => {
      expect(invalid({ id })).toEqual(['id']);
    },
  );

  it('accepts ids from 1 to the PostgreSQL integer maximum', () => {
    expect(invalid({ id: '1' })).toEqual([]);
    expect(invalid({ id: String(INTEGER_MAX) })).toEqual([]);
    expect(plainToInstance(Query, { id: '42' }).id).toBe(42);
  });

  it('keeps integer parameters within their bounds, digits only', () => {
    expect(invalid({ page: '100' })).toEqual([]);
    expect(invalid({ page: '101' })).toEqual(['page']);
    expect(invalid({ page: ['1', '2'] })).toEqual(['page']);
  });

  it('refuses lists holding an id out of range (JSON numbers included)', () => {
    expect(invalid({ ids: [1, 2] })).toEqual([]);
    expect(invalid({ ids: [99999999999] })).toEqual(['ids']);
    expect(invalid({ ids: [1e300] })).toEqual(['ids']);
    expect(invalid({ ids: [null] })).toEqual(['ids']);
  });

  it('refuses NUL and other control characters in text', () => {
    expect(invalid({ text: 'a\u0000b' })).toEqual(['text']);
    expect(invalid({ text: '\u001b[31m' })).toEqual(['text']);
    expect(invalid({ text: 'magnésium 500 mg\t' })).toEqual([]);
  });

  it('treats an explicit null as bad input, an absent parameter as absent', () => {
    expect(invalid({ page: null, ids: null })).toEqual(['page', 'ids']);
    expect(invalid({})).toEqual([]);
  });

  describe(ParseIdPipe.name, () => {
    const sut = new ParseIdPipe();

    it('reads a database id', () => {
      expect(sut.transform('2147483647', { type: 'param', data: 'id' })).toBe(2147483647);
    });

    it.each(['2147483648', '9007199254740993', '1e3', '01', '0', 'abc', '\u0000'])(
      'answers 400 naming the parameter for %p',
      (value) => {
        let thrown: unknown;
        try {
          sut.transform(value, { type: 'param', data: 'id' });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(DomainException);
        expect((thrown as DomainException).status).toBe(400);
        expect((thrown as DomainException).details).toHaveProperty('id');
      },
    );

    it.each([' 1', '+1', '1e3', '0x1f', '1.0'])(
      'sees %p as the client sent it, after the API validation pipe, and refuses it',
      async (value) => {
        // Nest runs the controller's pipe (apiValidation) before the parameter's own.
        const metadata = { type: 'param', data: 'id', metatype: Number } as const;
        const passed = await apiValidation.transform(value, metadata);
        expect(passed).toBe(value);
        expect(() => sut.transform(passed as string, metadata)).toThrow(DomainException);
      },
    );

    it('refuses a value that is not text (a pipe before it converted it)', () => {
      expect(() => sut.transform(1 as unknown as string, { type: 'param', data: 'id' })).toThrow(DomainException);
    });
  });
});
