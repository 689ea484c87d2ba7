import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError, EnvironmentVariables, loadConfig } from './app.config';

describe(loadConfig.name, () => {
  const invalid = (env: Record<string, string>): ConfigurationError => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      return error as ConfigurationError;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  };

  it('gives the documented defaults for an empty environment', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      TRUST_PROXY: 0,
      IP_FILTER_ALLOW: '',
      SHUTDOWN_DRAIN_MS: 5000,
      PRODUCT_PER_PAGE: 12,
      production: false,
      embeddedDatabase: true,
    });
    expect(sut.DATABASE_URL).toBeUndefined();
    expect(sut.REDIS_URL).toBeUndefined();
    expect(Object.isFrozen(sut)).toBe(true);
  });

  it('reads numbers and URLs from strings', () => {
    const sut = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      TRUST_PROXY: '2',
      DATABASE_URL: 'postgres://app:secret@db:5432/site',
      REDIS_URL: 'redis://cache:6379',
      IP_FILTER_ALLOW: '10.0.0.1, 192.168.0.0/16, ::1, office.example.ch',
      CSRF_SECRET: 'x'.repeat(32),
    });
    expect(sut).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: 2,
      production: true,
      embeddedDatabase: false,
      REDIS_URL: 'redis://cache:6379',
    });
  });

  it('treats an empty DATABASE_URL or REDIS_URL as unset', () => {
    const sut = loadConfig({ DATABASE_URL: '', REDIS_URL: '' });
    expect(sut.embeddedDatabase).toBe(true);
    expect(sut.REDIS_URL).toBeUndefined();
  });

  it.each([
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '1.5'],
    ['DATABASE_URL', 'mysql://root@db/site'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache:6379'],
    ['PORT', '65536'],
    ['PORT', '-1'],
    ['PORT', 'http'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['SHOP_DOMAINS', 'ch:example.ch'],
    ['IP_FILTER_ALLOW', '10.0.0.0/33'],
    ['IP_FILTER_ALLOW', '127.0.0.1, not valid!'],
    ['IP_FILTER_REFRESH_SECONDS', '1'],
    ['PRODUCT_PER_PAGE', '0'],
    ['PRODUCT_PER_PAGE', '101'],
    ['PRODUCT_PER_PAGE', 'twelve'],
    ['TRUST_FORWARDED_HOST', 'proxy.example.ch'],
    ['TRUST_FORWARDED_HOST', '10.0.0.0/33'],
  ])('refuses %s=%s with a message that names it', (name, value) => {
    const error = invalid({ [name]: value });
    expect(error.message).toContain(`${name}=${JSON.stringify(value)}`);
  });

  it('wants its own CSRF secret in production, and uses a development one elsewhere', () => {
    expect(invalid({ NODE_ENV: 'production' }).message).toContain(
      'CSRF_SECRET=null: required when NODE_ENV=production',
    );
    expect(invalid({ NODE_ENV: 'production', CSRF_SECRET: '' }).message).toContain('CSRF_SECRET');
    expect(invalid({ CSRF_SECRET: 'short' }).message).toContain('CSRF_SECRET="short": must be at least 32');
    const secret = 's'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', CSRF_SECRET: secret }).CSRF_SECRET).toBe(secret);
    expect(loadConfig({}).CSRF_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps editor sessions 30 days by default, 12 months at most', () => {
    expect(loadConfig({}).EDITOR_SESSION_DAYS).toBe(30);
    expect(invalid({ EDITOR_SESSION_DAYS: '366' }).message).toContain('EDITOR_SESSION_DAYS');
    expect(invalid({ EDITOR_SESSION_DAYS: '0' }).message).toContain('EDITOR_SESSION_DAYS');
  });

  it('runs queries as prepared statements unless DATABASE_PREPARED_STATEMENTS=false', () => {
    expect(loadConfig({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(invalid({ DATABASE_PREPARED_STATEMENTS: 'maybe' }).message).toContain('DATABASE_PREPARED_STATEMENTS');
  });

  it('names every wrong setting at once', () => {
    const error = invalid({ TRUST_PROXY: 'true', PORT: '99999' });
    expect(error.message).toContain('TRUST_PROXY');
    expect(error.message).toContain('PORT');
    expect(error.message).not.toContain('DATABASE_URL');
  });

  it('closes silent connections within 60 s by default, and wants a request limit no shorter than the headers one', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 20000,
      HTTP_REQUEST_TIMEOUT_MS: 30000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 5000,
      HTTP_IDLE_TIMEOUT_MS: 30000,
    });
    const error = invalid({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' });
    expect(error.message).toContain(
      'HTTP_REQUEST_TIMEOUT_MS="30000": must be at least HTTP_HEADERS_TIMEOUT_MS (40000)',
    );
    expect(invalid({ HTTP_IDLE_TIMEOUT_MS: '0' }).message).toContain('HTTP_IDLE_TIMEOUT_MS');
  });

  it('ignores variables it does not know', () => {
    expect(() => loadConfig({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' })).not.toThrow();
  });

  it('has every setting documented in docs/operations.md', () => {
    const doc = readFileSync(join(__dirname, '../../docs/operations.md'), 'utf8');
    const undocumented = Object.keys(new EnvironmentVariables()).filter((name) => !doc.includes(`| \`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
