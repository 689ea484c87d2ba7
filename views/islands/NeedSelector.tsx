import { useId, useState, type FormEvent } from 'react';
import { NEED_SELECTOR_PARAMS, type NeedSelectorView } from '../../contracts/needs';
import { useHydrated } from './browser-hooks';

export interface NeedSelectorProps extends NeedSelectorView {
  labels: { title: string; text: string; parent: string; child: string; choose: string; submit: string; error: string };
  /** Heading level of the title: 2 on the need and needs pages, 2 on the home page too. */
  headingId: string;
}

/**
 * The need selector (SPEC §2.2 "Need detail", §4): the parent dropdown, then the child dropdown only
 * when the chosen parent has children, and 'discover solutions'. Submitting without a need shows the
 * selection error, cleared when the need changes (the child resets too). Without JavaScript it is a
 * GET form: the server validates it with the same message, and asks for the child in a second step.
 */
export default function NeedSelector(p: NeedSelectorProps) {
  const hydrated = useHydrated();
  const id = useId();
  const [parent, setParent] = useState<number | null>(p.parent);
  const [child, setChild] = useState<number | null>(p.child);
  const [error, setError] = useState<string | null>(p.error);
  const group = p.groups.find((g) => g.id === parent) ?? null;
  const showChild = !!group && group.children.length > 0;
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const target = group?.children.find((c) => c.id === child) ?? group;
    event.preventDefault();
    if (!target) {
      setError(p.labels.error);
      return;
    }
    window.location.assign(target.href);
  };

  return (
    <form
      className="need-selector"
      method="get"
      action={p.action}
      noValidate
      onSubmit={hydrated ? onSubmit : undefined}
      aria-labelledby={p.headingId}
    >
      <h2 className="need-selector__title" id={p.headingId}>
        {p.labels.title}
      </h2>
      <p className="need-selector__text">{p.labels.text}</p>
      <div className="need-selector__fields">
        <div className="field">
          <label htmlFor={`${id}-parent`}>{p.labels.parent}</label>
          <select
            id={`${id}-parent`}
            name={NEED_SELECTOR_PARAMS.parent}
            value={parent === null ? '' : String(parent)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setParent(e.target.value ? Number(e.target.value) : null);
              setChild(null);
              setError(null);
            }}
          >
            <option value="">{p.labels.choose}</option>
            {p.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </select>
        </div>
        {showChild && (
          <div className="field">
            <label htmlFor={`${id}-child`}>{p.labels.child}</label>
            <select
              id={`${id}-child`}
              name={NEED_SELECTOR_PARAMS.child}
              value={child === null ? '' : String(child)}
              onChange={(e) => {
                setChild(e.target.value ? Number(e.target.value) : null);
                setError(null);
              }}
            >
              <option value="">{p.labels.choose}</option>
              {group.children.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="button">
          {p.labels.submit}
        </button>
      </div>
      {error && (
        <p className="field-error need-selector__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
