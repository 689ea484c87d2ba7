import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../contracts/route-table';
import { ChevronIcon, GlobeIcon } from '../components/icons';

export interface LanguageSwitchProps {
  /** The shop's languages; each URL is this page in that language, or that language's home. */
  languages: Array<{ locale: Locale; label: string; url: string; current: boolean }>;
  /** The other countries' sites (their home on their own host). */
  countries: Array<{ code: string; name: string; languages: Array<{ locale: Locale; label: string; url: string }> }>;
  labels: { button: string; language: string; country: string };
}

/**
 * Language and country switch (SPEC §2.2). A native <details> with plain links, so it works without
 * JavaScript and a keyboard needs nothing special (a <select> that navigates on change would move a
 * keyboard user away while browsing its options). The island adds: Escape and an outside click close it.
 */
export default function LanguageSwitch({ languages, countries, labels }: LanguageSwitchProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const languagesId = useId();
  const countriesId = useId();
  const current = languages.find((l) => l.current) ?? languages[0];

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('keydown', onKey);
    };
  }, []);

  // "Langue et pays : {language}": the punctuation before the language is the locale's own.
  const [buttonBefore, buttonAfter = ''] = labels.button.split('{language}');
  return (
    <details ref={ref} className="lang-switch">
      <summary className="lang-switch__summary">
        <GlobeIcon className="inline-icon" />
        <span className="visually-hidden">{buttonBefore}</span>
        <span lang={current?.locale}>{current?.label}</span>
        {buttonAfter && <span className="visually-hidden">{buttonAfter}</span>}
        <ChevronIcon className="inline-icon lang-switch__chevron" />
      </summary>
      <div className="lang-switch__panel">
        <p className="lang-switch__heading" id={languagesId}>
          {labels.language}
        </p>
        <ul className="lang-switch__list" aria-labelledby={languagesId}>
          {languages.map((language) => (
            <li key={language.locale}>
              <a
                className="lang-switch__link"
                href={language.url}
                hrefLang={language.locale}
                lang={language.locale}
                aria-current={language.current ? 'true' : undefined}
              >
                {language.label}
              </a>
            </li>
          ))}
        </ul>
        {countries.length > 0 && (
          <>
            <p className="lang-switch__heading" id={countriesId}>
              {labels.country}
            </p>
            <ul className="lang-switch__list lang-switch__countries" aria-labelledby={countriesId}>
              {countries.map((country) =>
                country.languages.length === 1 ? (
                  <li key={country.code} className="lang-switch__country">
                    <a
                      className="lang-switch__link"
                      href={country.languages[0].url}
                      hrefLang={`${country.languages[0].locale}-${country.code.toUpperCase()}`}
                      lang={country.languages[0].locale}
                    >
                      {country.name}
                    </a>
                  </li>
                ) : (
                  <li key={country.code} className="lang-switch__country">
                    <span className="lang-switch__country-name">{country.name}</span>
                    {country.languages.map((language) => (
                      <a
                        key={language.locale}
                        className="lang-switch__link lang-switch__link--inline"
                        href={language.url}
                        hrefLang={`${language.locale}-${country.code.toUpperCase()}`}
                        lang={language.locale}
                        aria-label={`${country.name} – ${language.label}`}
                      >
                        {language.label}
                      </a>
                    ))}
                  </li>
                ),
              )}
            </ul>
          </>
        )}
      </div>
    </details>
  );
}
