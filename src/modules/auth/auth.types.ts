/** The editor a request is made for (set by EditorGuard). */
export interface AuthenticatedEditor {
  id: number;
  email: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in editor, on routes behind EditorGuard. */
    editor?: AuthenticatedEditor;
  }
}

/** The session cookie: HttpOnly, SameSite=Lax, Secure in production, Path=/. */
export const SESSION_COOKIE = 'editor_session';
