import { useT } from '../render-context';

/** What a page needs to offer "log out": the logout route's path and the visitor's CSRF token. */
export interface LogoutFormProps {
  action: string;
  csrf: { field: string; token: string };
  className?: string;
}

/** A one-button POST form (logout changes state, so it is never a link). */
export function LogoutForm({ action, csrf, className }: LogoutFormProps) {
  const t = useT();
  return (
    <form className={className ?? 'logout-form'} method="post" action={action}>
      <input type="hidden" name={csrf.field} value={csrf.token} />
      <button type="submit" className="button">
        {t('auth.logout.submit')}
      </button>
    </form>
  );
}
