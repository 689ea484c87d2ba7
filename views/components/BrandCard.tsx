import type { BrandCardView } from '../../contracts/brands';
import { Picture } from './Picture';

/** SPEC §3 "Brand card": thumbnail, logo, title, content, in the brand's colour; one link (the title's). */
export function BrandCard({ card, headingLevel = 3 }: { card: BrandCardView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`brand-card brand-theme--${card.colour} brand-${card.brandClass}`}>
      <Picture picture={card.thumbnail} className="brand-card__thumbnail" />
      <div className="brand-card__body">
        <Picture picture={card.logo} className="brand-card__logo" />
        <Heading className="brand-card__title">
          <a className="brand-card__link" href={card.href}>
            {card.title}
          </a>
        </Heading>
        {card.content && <p className="brand-card__content">{card.content}</p>}
      </div>
    </article>
  );
}
