import type { ArticleCardView } from '../../../contracts/editorial';
import type { SiteContext } from '../site/site.types';

/**
 * The editorial pages associated with a product (SPEC §2.2 product detail, "our advices" tab): the
 * catalogue needs them, the cms feature knows them. The catalogue depends on this contract, the cms
 * module provides it, so neither feature imports the other the wrong way round (cms uses the
 * catalogue's product cards).
 */
export abstract class ProductArticles {
  /** Published pages associated with the product, newest first, at most `limit`. */
  abstract forProduct(site: SiteContext, productId: number, limit: number): Promise<ArticleCardView[]>;
}
