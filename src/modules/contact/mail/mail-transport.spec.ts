import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../config/app.config';
import { MailTransport } from './mail-transport';

/** How many times nodemailer was loaded (the factory runs on the first require only). */
let loads = 0;
jest.mock('nodemailer', () => {
  loads += 1;
  return jest.requireActual('nodemailer');
});

describe(MailTransport.name, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // First: nothing has loaded nodemailer yet in this file.
  it('shuts down without having loaded anything', async () => {
    const sut = new MailTransport(loadConfig({ SMTP_URL: 'smtp://mail.example.ch:2525' }));
    expect(sut.directory).toBeNull();
    await expect(sut.onApplicationShutdown()).resolves.toBeUndefined();
    expect(loads).toBe(0);
  });

  it('loads nodemailer with the first mail, once, and writes the mail where MAIL_DIR says', async () => {
    const sut = new MailTransport(loadConfig({ MAIL_DIR: dir }));
    expect(sut.directory).toBe(dir);
    expect(loads).toBe(0);
    await sut.send({ id: 'a1', to: 'visitor@example.ch', subject: 'Votre message', text: 'Merci.' });
    await sut.send({ id: 'a2', to: 'visitor@example.ch', subject: 'Encore', text: 'Merci encore.' });
    expect(loads).toBe(1);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    const first = readFileSync(join(dir, files.find((f) => f.endsWith('-a1.eml')) ?? ''), 'utf8');
    expect(first).toContain('X-Outbox-ID: a1');
    expect(first).toContain('Merci.');
    expect(first).toContain('To: visitor@example.ch');
    await sut.onApplicationShutdown();
  });

  it('refuses a bad SMTP_URL when it starts, not with the first mail', () => {
    expect(() => new MailTransport({ ...loadConfig({ MAIL_DIR: dir }), SMTP_URL: 'smtp://[' })).toThrow();
  });
});
