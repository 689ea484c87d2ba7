import { LogoutForm, type LogoutFormProps } from '../components/LogoutForm';
import { useT } from '../render-context';

export interface LogoutPageProps {
  form: LogoutFormProps;
}

/** The logout route's own page: the button that posts the logout (a GET never changes state). */
export function LogoutPage({ form }: LogoutPageProps) {
  const t = useT();
  return (
    <section className="login-page container" aria-labelledby="logout-title">
      <h1 id="logout-title">{t('auth.logout.title')}</h1>
      <p>{t('auth.logout.text')}</p>
      <LogoutForm {...form} />
    </section>
  );
}
