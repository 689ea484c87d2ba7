/**
 * The auth feature's public face: the module, the guard of editor-only routes and the current-editor
 * decorator, the logout button's data (LoginService.logoutForm) and the account service the CLI uses.
 */
export { AuthModule } from './auth.module';
export { CurrentEditor, EditorGuard } from './editor.guard';
export { AuthService, EditorAccountError } from './auth.service';
export { LoginService } from './login.service';
export { SESSION_COOKIE, type AuthenticatedEditor } from './auth.types';
