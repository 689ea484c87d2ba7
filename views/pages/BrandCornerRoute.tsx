import { BrandCornerPage, type BrandCornerPageProps } from './BrandCornerPage';
import { EditorialPage, type EditorialPageProps } from './EditorialPage';

/**
 * What `/{brand}/{slug?}` shows (SPEC §2.1): the brand corner's page, or, for a slug that is no page
 * of the corner, the CMS page of that path (the corner route must not shadow CMS slugs).
 */
export type BrandCornerRouteProps =
  | { kind: 'corner'; corner: BrandCornerPageProps }
  | { kind: 'page'; page: EditorialPageProps };

export function BrandCornerRoute(p: BrandCornerRouteProps) {
  return p.kind === 'corner' ? <BrandCornerPage {...p.corner} /> : <EditorialPage {...p.page} />;
}
