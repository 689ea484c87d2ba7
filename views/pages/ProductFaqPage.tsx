import { useT } from '../render-context';

export interface ProductFaqProps {
  productName: string;
  productHref: string;
  items: Array<{ id: number; question: string; answer: string }>;
  phone: string;
  fax: string;
  contactHref: string;
}

/** SPEC §2.2 "Product FAQ": each item folds and unfolds on its own (<details>, no script needed). */
export function ProductFaqPage({ productName, productHref, items, phone, fax, contactHref }: ProductFaqProps) {
  const t = useT();
  return (
    <div className="faq-page">
      <h1>{t('product.faq.title', { name: productName })}</h1>
      <p>
        <a href={productHref}>{t('product.faq.back', { name: productName })}</a>
      </p>
      {items.length === 0 ? (
        <p>{t('product.faq.empty')}</p>
      ) : (
        <div className="faq-list">
          {items.map((item) => (
            <details key={item.id} className="faq-item">
              <summary>{item.question}</summary>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.answer }} />
            </details>
          ))}
        </div>
      )}
      <aside className="contact-block" aria-labelledby="contact-block-title">
        <h2 id="contact-block-title">{t('product.faq.contact_title')}</h2>
        <p>{t('product.faq.contact_text')}</p>
        <ul>
          <li>
            {t('product.faq.phone')} <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
          </li>
          <li>
            {t('product.faq.fax')} <span>{fax}</span>
          </li>
        </ul>
        <a className="button" href={contactHref}>
          {t('product.faq.contact_link')}
        </a>
      </aside>
    </div>
  );
}
