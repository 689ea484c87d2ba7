import type { ReactNode, Ref } from 'react';
import { countLabel } from '../../../contracts/i18n';
import { CloseIcon } from '../../components/icons';
import type { ListingData, PanelName } from './types';

/**
 * The phone panels of a listing (filters, sort): the same markup is a column or a bar on desktop and a
 * modal dialog on phones once opened (see modal-panel.ts); without JavaScript the filters open full
 * screen from a link (CSS :target).
 */

/** The attributes that make a panel element a modal dialog while it is open. */
export function panelAttributes(which: PanelName, shown: PanelName | null) {
  return {
    'data-panel': shown === which ? 'open' : 'closed',
    ...(shown === which
      ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `listing-${which}-title` }
      : { role: undefined }),
  };
}

/** Top bar of a phone panel: its title and a close control (a link to the results without JavaScript). */
export function PanelHeader(props: { id: string; title: string; close: ReactNode }) {
  return (
    <div className="panel-header">
      <h2 className="panel-header__title" id={props.id}>
        {props.title}
      </h2>
      {props.close}
    </div>
  );
}

export function PanelCloseButton({
  ref,
  label,
  onClose,
}: {
  ref: Ref<HTMLButtonElement>;
  label: string;
  onClose: () => void;
}) {
  return (
    <button ref={ref} type="button" className="panel-close" aria-label={label} onClick={onClose}>
      <CloseIcon />
    </button>
  );
}

/** "Apply" and "close" at the foot of an open phone panel. */
export function PanelActions(props: { apply: ReactNode; close: string; onApply: () => void; onClose: () => void }) {
  return (
    <div className="panel-actions">
      <button type="button" className="button" onClick={props.onApply}>
        {props.apply}
      </button>
      <button type="button" className="button button--ghost" onClick={props.onClose}>
        {props.close}
      </button>
    </div>
  );
}

/** The number of active filters on a button: read out as "1 filtre actif", "2 filtres actifs". */
export function FilterBadge({ count, data }: { count: number; data: Pick<ListingData, 'labels' | 'locale'> }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">
        {countLabel(data.locale, count, data.labels.active_filters_one, data.labels.active_filters_other)}
      </span>
    </>
  );
}
