import {
  atLeastOneOptIn,
  CANTONS,
  CONTACT_FIELDS,
  CONTACT_RULES,
  max,
  NEWSLETTER_RULES,
  passwordStrength,
  readValues,
  required,
  validateField,
  validateForm,
  ORIGINS,
  type ContactValues,
} from './forms';
import { TRANSLATION_KEYS } from './translation-keys';

const contact = (values: Partial<ContactValues>): ContactValues => ({
  ...(readValues(CONTACT_FIELDS, {}) as ContactValues),
  profile: 'customer',
  subject: 'product_information',
  civility: '1',
  lastname: 'Dupont',
  firstname: 'Léa',
  email: 'lea@example.ch',
  message: 'Bonjour',
  terms: 'on',
  ...values,
});

describe('form rules (contracts/forms.ts)', () => {
  describe('reusable rules (SPEC §5 "Other rules registered")', () => {
    it('required: its own translated message for a blank value', () => {
      const sut = required('contact.validation_message');
      expect(sut('  ', {}, {})).toEqual({ key: 'contact.validation_message' });
      expect(sut('x', {}, {})).toBeNull();
    });

    it('max: a translated message carrying the bound, counted in characters', () => {
      const sut = max(3);
      expect(sut('💊💊💊', {}, {})).toBeNull();
      expect(sut('abcd', {}, {})).toEqual({ key: 'contact.validation_max', args: { max: 3 } });
    });

    it('password strength passes only when the server flag says valid', () => {
      const sut = passwordStrength();
      expect(sut('whatever', {}, { passwordValid: true })).toBeNull();
      expect(sut('whatever', {}, { passwordValid: false })).toEqual({ key: 'contact.validation_password' });
      expect(sut('whatever', {}, {})).toEqual({ key: 'contact.validation_password' });
    });

    it('at least one of two opt-ins fails only when both are present and false', () => {
      const sut = atLeastOneOptIn<'a' | 'b'>('a', 'b');
      expect(sut('', { a: 'false', b: 'false' }, {})).toEqual({ key: 'contact.validation_opt_in' });
      expect(sut('', { a: 'false', b: 'true' }, {})).toBeNull();
      expect(sut('', { a: 'false', b: '' }, {})).toBeNull();
      expect(sut('', { a: '', b: '' }, {})).toBeNull();
    });
  });

  describe('contact', () => {
    it('accepts a complete request', () => {
      expect(validateForm(CONTACT_RULES, contact({}))).toEqual({});
    });

    it.each([';', '*', '@', '.', '%', '^', '=', '1', '2', '3', '4', '5', '6', '7', '8', '9'])(
      'refuses %s in names, accepts 0',
      (c) => {
        expect(validateField(CONTACT_RULES, 'lastname', contact({ lastname: `A${c}b` }))).toEqual({
          key: 'contact.validation_lastname',
        });
        expect(validateField(CONTACT_RULES, 'firstname', contact({ firstname: `A${c}b` }))).toEqual({
          key: 'contact.validation_firstname',
        });
        expect(validateField(CONTACT_RULES, 'lastname', contact({ lastname: 'A0b' }))).toBeNull();
      },
    );

    it('asks the canton of every profile but the private individual', () => {
      expect(validateField(CONTACT_RULES, 'provincial', contact({}))).toBeNull();
      for (const profile of ['health_professional', 'pharmacist', 'other'])
        expect(validateField(CONTACT_RULES, 'provincial', contact({ profile }))).toEqual({
          key: 'contact.validation_provincial',
        });
      expect(validateField(CONTACT_RULES, 'provincial', contact({ profile: 'other', provincial: '26' }))).toBeNull();
      expect(CANTONS).toHaveLength(26);
    });

    it('documentation: zipcode valid only with at least one city, city one of them', () => {
      const doc = contact({ subject: 'documentation', address_1: 'Rue 1', zipcode: '1003', city: 'Lausanne' });
      expect(validateForm(CONTACT_RULES, doc, { cities: ['Lausanne'] })).toEqual({});
      expect(validateForm(CONTACT_RULES, doc, { cities: [] })).toEqual({
        zipcode: { key: 'contact.validation_address_zipcode' },
        city: { key: 'contact.validation_address_city' },
      });
      expect(validateField(CONTACT_RULES, 'zipcode', { ...doc, zipcode: '10031' }, { cities: ['Lausanne'] })).toEqual({
        key: 'contact.validation_address_zipcode',
      });
      expect(validateField(CONTACT_RULES, 'address_1', { ...doc, address_1: '' })).toEqual({
        key: 'contact.validation_address',
      });
      // Not a documentation request: no address asked.
      expect(validateForm(CONTACT_RULES, contact({ zipcode: 'zz' }))).toEqual({});
    });
  });

  it('newsletter: consent yes/no required with "select an option"', () => {
    const values = {
      civility: '2',
      lastname: 'Muster',
      firstname: 'Hans',
      email: 'hans@example.ch',
      zipcode: '8001',
      city: 'Zürich',
      consent: '',
      origin: '',
    };
    expect(validateForm(NEWSLETTER_RULES, values, { cities: ['Zürich'] })).toEqual({
      consent: { key: 'contact.validation_option' },
    });
    expect(validateForm(NEWSLETTER_RULES, { ...values, consent: 'no', origin: 'AMI' }, { cities: ['Zürich'] })).toEqual(
      {},
    );
    expect(validateField(NEWSLETTER_RULES, 'origin', { ...values, origin: 'XYZ' })).toEqual({
      key: 'contact.invalid_input',
    });
  });

  it('readValues keeps strings only, without control characters', () => {
    expect(readValues(['a', 'b', 'c', 'd'], { a: 'x\u0000y', b: ['1'], c: true, d: { x: 1 } })).toEqual({
      a: 'xy',
      b: '',
      c: 'true',
      d: '',
    });
    expect(readValues(['a'], null)).toEqual({ a: '' });
  });
});

describe('SPEC §3 and §5 vocabularies', () => {
  it("keeps every message key SPEC §5 names (in its feature's namespace), and the 'Captcha error' label of §8", () => {
    const spec = [
      'validation_profile',
      'validation_provincial',
      'validation_subject',
      'validation_civility',
      'validation_lastname',
      'validation_firstname',
      'validation_email',
      'validation_message',
      'validation_address',
      'validation_address_zipcode',
      'validation_address_city',
      'select_need_error',
      'invalid_input',
      'captcha_label',
    ];
    const missing = spec.filter((key) => !TRANSLATION_KEYS.some((k) => k.endsWith(`.${key}`)));
    expect(missing).toEqual([]);
  });

  it('offers the seven newsletter origins of SPEC §3, each with its label', () => {
    expect(ORIGINS).toEqual(['MED', 'PHA', 'AMI', 'PRE', 'INT', 'FON', 'AUT']);
    for (const origin of ORIGINS) expect(TRANSLATION_KEYS).toContain(`contact.newsletter.origin_${origin}`);
  });
});
