/** The laboratory's mark (drawn here: no image request) and its name. */
export function Logo({ title }: { title: string }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="11" fill="#0b5d5a" />
        <path d="M20 9.5v21M9.5 20h21" stroke="#fff" strokeWidth="5.5" strokeLinecap="round" />
        <path d="M27.5 9.8c3.6.4 5.4 2.5 5.1 6-3.6-.2-5.4-2.2-5.1-6z" fill="#7fd4b4" />
      </svg>
      <span className="logo__text">{title}</span>
    </span>
  );
}
