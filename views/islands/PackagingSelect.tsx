import { useId } from 'react';

interface Props {
  label: string;
  options: Array<{ label: string; href: string; current: boolean }>;
}

/** Packaging selector (SPEC §2.2): choosing another packaging goes to its product page. */
export default function PackagingSelect({ label, options }: Props) {
  const id = useId();
  return (
    <div className="packaging">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="packaging__select"
        defaultValue={options.find((o) => o.current)?.href}
        onChange={(event) => window.location.assign(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.href} value={option.href}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <ul className="packaging__links">
          {options.map((option) => (
            <li key={option.href}>
              <a href={option.href} aria-current={option.current ? 'page' : undefined}>
                {option.label}
              </a>
            </li>
          ))}
        </ul>
      </noscript>
    </div>
  );
}
