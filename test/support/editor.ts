import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { buildPath, type Locale } from '../../contracts/route-table';
import { AuthService, SESSION_COOKIE } from '../../src/modules/auth';
import type { TestApp } from './app';

export interface EditorSession {
  email: string;
  /** The `Cookie` header of a signed-in browser: `.set('Cookie', session.cookie)`. */
  cookie: string;
}

/**
 * A new editor account (unique address, through AuthService: no account is hard-coded) signed in
 * through the real login form on `host`, for specs of editor-only pages (the preview).
 */
export async function signedInEditor(t: TestApp, host: string, locale: Locale): Promise<EditorSession> {
  const email = `editor.${randomBytes(6).toString('hex')}@example.org`;
  const password = randomBytes(18).toString('base64url');
  await t.app.get(AuthService).createEditor(email, password);
  const path = buildPath('login', locale);
  const form = await request(t.server).get(path).set('Host', host);
  const csrf = cookiePair(form.headers['set-cookie'], 'csrf');
  const token = /name="_csrf" value="([^"]+)"/.exec(form.text)?.[1];
  if (!csrf || !token) throw new Error(`no login form on ${host}${path} (status ${form.status})`);
  const res = await request(t.server)
    .post(path)
    .set('Host', host)
    .set('Cookie', csrf)
    .type('form')
    .send({ _csrf: token, email, password });
  const session = cookiePair(res.headers['set-cookie'], SESSION_COOKIE);
  if (res.status !== 303 || !session) throw new Error(`login failed on ${host}: ${res.status}`);
  return { email, cookie: `${csrf}; ${session}` };
}

function cookiePair(header: unknown, name: string): string | undefined {
  const lines = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  return lines.find((line) => line.startsWith(`${name}=`))?.split(';')[0];
}
