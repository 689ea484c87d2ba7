import { useEffect, useRef, useState } from 'react';

interface Label {
  key: string;
  label: string;
  clickable: boolean;
  group: string;
  title?: string;
  text?: string;
}

interface Props {
  labels: Label[];
  title: string;
  close: string;
}

/**
 * Labels and pictograms (SPEC §2.2): clickable ones open a modal with their title and text; the others
 * (vegan compatible, 100 % vegetable proteins, made in France, own research, motivation / health support)
 * are plain badges.
 */
export default function LabelBadges({ labels, title, close }: Props) {
  const [active, setActive] = useState<Label | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (active && !el.open) el.showModal();
    if (!active && el.open) el.close();
  }, [active]);
  return (
    <div className="labels">
      <p className="visually-hidden">{title}</p>
      <ul className="labels__list">
        {labels.map((label) => (
          <li key={label.key} className={`label-badge label-badge--${label.group}`}>
            {label.clickable && label.text ? (
              <button
                type="button"
                className="label-badge__button"
                aria-haspopup="dialog"
                onClick={() => setActive(label)}
              >
                {label.label}
              </button>
            ) : (
              <span>{label.label}</span>
            )}
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="modal" aria-labelledby="label-modal-title" onClose={() => setActive(null)}>
        {active && (
          <div className="modal__body">
            <button type="button" className="modal__close" onClick={() => setActive(null)} aria-label={close}>
              ×
            </button>
            <h2 id="label-modal-title">{active.title ?? active.label}</h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: active.text ?? '' }} />
          </div>
        )}
      </dialog>
    </div>
  );
}
