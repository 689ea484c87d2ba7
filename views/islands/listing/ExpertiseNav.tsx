import type { ExpertiseLinkView } from '../../../contracts/catalogue';
import type { ListingLabels } from './types';

/**
 * The expertises (categories) of the product list, "all" first. In the open phone panel the long
 * list folds away behind a toggle naming the current expertise, so the filters come first.
 */
export function ExpertiseNav(props: {
  expertises: ExpertiseLinkView[];
  allHref: string;
  allActive: boolean;
  labels: ListingLabels;
  /** Shown inside the open phone panel. */
  inPanel: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const { expertises, labels } = props;
  const active = expertises.flatMap((e) => [e, ...e.children]).find((e) => e.active);
  return (
    <nav className="listing__expertises" aria-label={labels.expertises}>
      {props.inPanel ? (
        <h2 className="listing__aside-title">
          <button
            type="button"
            className="listing__expertises-toggle"
            aria-expanded={props.open}
            aria-controls="listing-expertises-list"
            onClick={props.onToggle}
          >
            {labels.expertises}{' '}
            <span className="listing__expertises-current">{active?.name ?? labels.all_expertise}</span>
          </button>
        </h2>
      ) : (
        <h2 className="listing__aside-title">{labels.expertises}</h2>
      )}
      <ul id="listing-expertises-list" hidden={props.inPanel && !props.open}>
        <li>
          <a href={props.allHref} data-listing="expertise" aria-current={props.allActive ? 'page' : undefined}>
            {labels.all_expertise}
          </a>
        </li>
        {expertises.map((e) => (
          <li key={e.slug}>
            <a href={e.href} data-listing="expertise" aria-current={e.active ? 'page' : undefined}>
              {e.name}
            </a>
            {e.children.length > 0 && (
              <ul>
                {e.children.map((c) => (
                  <li key={c.slug}>
                    <a href={c.href} data-listing="expertise" aria-current={c.active ? 'page' : undefined}>
                      {c.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
