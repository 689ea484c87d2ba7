import { countLabel, fillLabel } from '../../../contracts/i18n';
import type { ListingData } from './types';

/** "61 produits", and "– page 2 sur 6" when there is more than one page. */
export function statusText(data: Pick<ListingData, 'labels' | 'locale' | 'total' | 'pageCount' | 'state'>): string {
  const labels = data.labels;
  const results = countLabel(data.locale, data.total, labels.results_one, labels.results_other);
  if (data.pageCount < 2) return results;
  return `${results} – ${fillLabel(labels.page_status, { page: data.state.page, pages: data.pageCount })}`;
}
