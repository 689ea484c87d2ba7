import type { Crumb } from '../../contracts/shell';
import { useT } from '../render-context';

/**
 * The trail (SPEC §2.2, not on home). Its BreadcrumbList JSON-LD is emitted by RenderService from the
 * same crumbs. The last crumb is the current page.
 */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const t = useT();
  if (trail.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label={t('shell.breadcrumb_label')}>
      <ol className="container breadcrumb__list">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="breadcrumb__item">
              {crumb.href && !last ? (
                <a href={crumb.href}>{crumb.label}</a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
