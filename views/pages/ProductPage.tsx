import type { ArticleCardView } from '../../contracts/editorial';
import { ArticleCard } from '../components/ArticleCard';
import type { Picture as PictureModel, ProductCardView } from '../../contracts/catalogue';
import type { Labels, SectionKey } from '../../contracts/i18n';
import { Picture } from '../components/Picture';
import { ProductCard } from '../components/ProductCard';
import { Island } from '../islands/Island';
import LabelBadges from '../islands/LabelBadges';
import PackagingSelect from '../islands/PackagingSelect';
import ProductGallery, { GALLERY_LABELS, type GallerySlide } from '../islands/ProductGallery';
import ProductTabs from '../islands/ProductTabs';
import QuantityPrice, { PRICE_LABELS } from '../islands/QuantityPrice';
import { useRender, useT } from '../render-context';

export interface NutritionView {
  caption: string;
  columns: string[];
  rows: Array<{ label: string; unit: string; depth: number; values: string[] }>;
  mentions: string[];
}

export interface ProductDetailProps {
  id: number;
  reference: string;
  ean: string;
  name: string;
  tagline: string | null;
  legalDenomination: string | null;
  productType: string;
  brand: { name: string; class: string; logo: PictureModel; href: string };
  flags: { isNew: boolean; promoted: boolean; newFormula: boolean };
  gallery: GallerySlide[];
  labels: Array<{ key: string; label: string; clickable: boolean; group: string; title?: string; text?: string }>;
  galenicFormat: string | null;
  flavour: string | null;
  packaging: { label: string; options: Array<{ label: string; href: string; current: boolean }> } | null;
  price: {
    amount: number;
    formatted: string;
    original: string | null;
    currency: string;
    tiers: Array<{ quantityMin: number; quantityMax: number; price: number; formatted: string }>;
  } | null;
  isFree: boolean;
  unitsMention: string | null;
  promo: { text: string; labelLink: string; href: string; background: string; packshot: boolean } | null;
  legalNotice: string | null;
  marketingDescription: string | null;
  faq: { href: string; items: Array<{ question: string; answer: string }>; total: number };
  tabs: Array<{ id: string; title: string }>;
  description: string;
  introText: string | null;
  doYouKnow: string | null;
  gourmetAdvice: string | null;
  details: Array<{ label: string; value: string }>;
  precautions: string | null;
  specialPrecaution: boolean;
  usageInstructions: string;
  ingredients: string;
  nutrition: NutritionView | null;
  /** The finder's GET form; `product` (this product's slug) marks the pharmacies that stock it. */
  storeLocator: { action: string; product?: string } | null;
  documents: Array<{ title: string; type: string; href: string }>;
  related: ProductCardView[];
  /** Editorial pages associated with the product ("our advices" tab), at most 4. */
  advices: ArticleCardView[];
  caseToRecycle: boolean;
  needs: Array<{ label: string; href: string }>;
  contactPhone: string;
  labelsText: Labels<'product.labels'>;
}

const html = (content: string) => ({ __html: content });
/** The few texts an island shows, out of the page's bag (an island's props travel to the browser). */
function only<K extends SectionKey<'product.labels'>>(labels: Labels<'product.labels'>, keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, labels[k]])) as Pick<Labels<'product.labels'>, K>;
}

/** SPEC §2.2 "Product detail". Panels are plain sections (readable without JavaScript); islands add tabs, zoom, modals. */
export function ProductPage(p: ProductDetailProps) {
  const t = useT();
  const { locale } = useRender();
  const L = p.labelsText;
  const has = (id: string) => p.tabs.some((tab) => tab.id === id);
  return (
    <article className={`product-page brand-${p.brand.class}`} itemScope>
      <div className="product-hero">
        <Island
          component={ProductGallery}
          props={{ slides: p.gallery, labels: { ...only(L, GALLERY_LABELS), carousel: t('shell.carousel') } }}
          className="product-hero__gallery"
        />
        <div className="product-hero__info">
          <a href={p.brand.href} className="product-hero__brand">
            <Picture picture={p.brand.logo} loading="eager" />
          </a>
          <ul className="product-flags">
            {p.flags.isNew && <li className="flag flag--new">{L.new}</li>}
            {p.flags.promoted && <li className="flag flag--promoted">{L.promoted}</li>}
            {p.flags.newFormula && <li className="flag flag--new-formula">{L.new_formula}</li>}
          </ul>
          <h1 className="product-hero__name">{p.name}</h1>
          {p.tagline && <p className="product-hero__tagline">{p.tagline}</p>}
          {p.legalDenomination && <p className="product-hero__denomination">{p.legalDenomination}</p>}
          {p.labels.length > 0 && (
            <Island component={LabelBadges} props={{ labels: p.labels, title: L.labels_title, close: L.close }} />
          )}
          {(p.galenicFormat || p.flavour) && (
            <dl className="product-hero__facts">
              {p.galenicFormat && (
                <>
                  <dt>{t('product.galenic_format')}</dt>
                  <dd>{p.galenicFormat}</dd>
                </>
              )}
              {p.flavour && (
                <>
                  <dt>{t('product.flavour')}</dt>
                  <dd>{p.flavour}</dd>
                </>
              )}
            </dl>
          )}
          {p.unitsMention && <p className="product-hero__units">{p.unitsMention}</p>}
          {p.packaging && (
            <Island component={PackagingSelect} props={{ label: p.packaging.label, options: p.packaging.options }} />
          )}
          {p.price ? (
            <Island component={QuantityPrice} props={{ price: p.price, labels: only(L, PRICE_LABELS), locale }} />
          ) : (
            <p className="product-price product-price--free">{L.free}</p>
          )}
          <div className="product-hero__actions">
            {p.storeLocator && (
              <a className="button" href="#store-locator" data-tab-link="store-locator">
                {L.find_office}
              </a>
            )}
            {p.faq.total > 0 && (
              <a className="button button--outline" href={p.faq.href}>
                {L.faq_link}
              </a>
            )}
          </div>
          {p.promo && (
            <div className="product-promo">
              <p>{p.promo.text}</p>
              {p.promo.href && <a href={p.promo.href}>{p.promo.labelLink}</a>}
            </div>
          )}
          {p.legalNotice && <p className="product-hero__legal">{p.legalNotice}</p>}
        </div>
      </div>

      <Island
        component={ProductTabs}
        props={{ tabs: p.tabs, label: L.tabs_label }}
        slots={{
          description: <DescriptionPanel p={p} />,
          usage: has('usage') && <UsagePanel p={p} />,
          'after-description': !has('usage') && p.precautions && (
            <div className={`precautions${p.specialPrecaution ? ' precautions--special' : ''}`}>
              <h2>{p.specialPrecaution ? L.special_precaution : L.precautions}</h2>
              <p>{p.precautions}</p>
            </div>
          ),
          composition: has('composition') && <CompositionPanel p={p} />,
          'store-locator': p.storeLocator && <StoreLocatorPanel p={p} action={p.storeLocator.action} />,
          documents: has('documents') && <DocumentsPanel p={p} />,
          advices: has('advices') && <AdvicesPanel p={p} />,
          related: has('related') && <RelatedPanel p={p} />,
        }}
      />

      {p.faq.items.length > 0 && (
        <section className="product-faq" aria-labelledby="faq-title">
          <h2 id="faq-title">{t('product.faq.heading')}</h2>
          {p.faq.items.map((item) => (
            <details key={item.question} className="faq-item">
              <summary>{item.question}</summary>
              <div className="rich-text" dangerouslySetInnerHTML={html(item.answer)} />
            </details>
          ))}
          {p.faq.total > p.faq.items.length && (
            <p>
              <a href={p.faq.href}>{t('product.faq.all', { count: p.faq.total })}</a>
            </p>
          )}
        </section>
      )}
    </article>
  );
}

/*
 * The panels of the product tabs: server content handed to the ProductTabs island as slots (the
 * island renders each panel's <section> around it). Each starts with the title the panel is named by.
 */

function PanelTitle({ p, id }: { p: ProductDetailProps; id: string }) {
  return (
    <h2 id={`${id}-title`} className="product-panel__title">
      {p.tabs.find((tab) => tab.id === id)?.title}
    </h2>
  );
}

function DescriptionPanel({ p }: { p: ProductDetailProps }) {
  const L = p.labelsText;
  return (
    <>
      <PanelTitle p={p} id="description" />
      {p.introText && <p className="product-panel__intro">{p.introText}</p>}
      <div className="rich-text" dangerouslySetInnerHTML={html(p.description)} />
      {p.marketingDescription && <p>{p.marketingDescription}</p>}
      {p.doYouKnow && (
        <div className="did-you-know">
          <h3>{L.do_you_know}</h3>
          <p>{p.doYouKnow}</p>
        </div>
      )}
      {p.gourmetAdvice && (
        <div className="gourmet-advice">
          <h3>{L.gourmet_advice}</h3>
          <p>{p.gourmetAdvice}</p>
        </div>
      )}
      {p.details.length > 0 && (
        <dl className="product-details">
          {p.details.map((d) => (
            <div key={d.label}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {p.needs.length > 0 && (
        <nav aria-label={L.needs_title} className="product-needs">
          <h3>{L.needs_title}</h3>
          <ul>
            {p.needs.map((n) => (
              <li key={n.href}>
                <a href={n.href}>{n.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {p.caseToRecycle && <p className="product-recycle">{L.case_to_recycle}</p>}
    </>
  );
}

function UsagePanel({ p }: { p: ProductDetailProps }) {
  const L = p.labelsText;
  return (
    <>
      <PanelTitle p={p} id="usage" />
      <div className="rich-text" dangerouslySetInnerHTML={html(p.usageInstructions)} />
      {p.precautions && (
        <div
          className={`precautions${p.specialPrecaution ? ' precautions--special' : ''}`}
          role={p.specialPrecaution ? 'note' : undefined}
        >
          <h3>{p.specialPrecaution ? L.special_precaution : L.precautions}</h3>
          <p>{p.precautions}</p>
        </div>
      )}
    </>
  );
}

function CompositionPanel({ p }: { p: ProductDetailProps }) {
  const t = useT();
  return (
    <>
      <PanelTitle p={p} id="composition" />
      {p.ingredients && <div className="rich-text" dangerouslySetInnerHTML={html(p.ingredients)} />}
      {p.nutrition && (
        <div className="table-scroll">
          <table className="nutrition-table">
            <caption>{p.nutrition.caption}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('product.nutrition_compound')}</span>
                </th>
                {p.nutrition.columns.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.nutrition.rows.map((row, index) => (
                <tr key={`${row.label}-${index}`} className={`depth-${Math.min(row.depth, 2)}`}>
                  <th scope="row">
                    {row.label}
                    {row.unit && <span className="unit"> ({row.unit})</span>}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={i}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {p.nutrition.mentions.map((m) => (
            <p key={m} className="nutrition-mention">
              {m}
            </p>
          ))}
        </div>
      )}
      {p.unitsMention && <p className="nutrition-mention">{p.labelsText.units_footnote}</p>}
    </>
  );
}

function StoreLocatorPanel({ p, action }: { p: ProductDetailProps; action: string }) {
  const L = p.labelsText;
  return (
    <>
      <PanelTitle p={p} id="store-locator" />
      <form className="store-search" role="search" aria-labelledby="store-search-label" method="get" action={action}>
        {p.storeLocator?.product && <input type="hidden" name="product" value={p.storeLocator.product} />}
        <label htmlFor="store-search-input" id="store-search-label">
          {L.store_search_label}
        </label>
        <div className="store-search__row">
          <input
            id="store-search-input"
            name="q"
            type="search"
            autoComplete="postal-code"
            placeholder={L.store_search_placeholder}
          />
          <button type="submit" className="button">
            {L.store_search_submit}
          </button>
        </div>
      </form>
    </>
  );
}

function DocumentsPanel({ p }: { p: ProductDetailProps }) {
  return (
    <>
      <PanelTitle p={p} id="documents" />
      <ul className="documents">
        {p.documents.map((d) => (
          <li key={d.href}>
            <a href={d.href} type="application/pdf">
              {d.title} <span className="documents__type">({d.type.toUpperCase()})</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function AdvicesPanel({ p }: { p: ProductDetailProps }) {
  return (
    <>
      <PanelTitle p={p} id="advices" />
      <ul className="article-cards">
        {p.advices.map((card) => (
          <li key={card.id}>
            <ArticleCard card={card} headingLevel={3} />
          </li>
        ))}
      </ul>
    </>
  );
}

function RelatedPanel({ p }: { p: ProductDetailProps }) {
  return (
    <>
      <PanelTitle p={p} id="related" />
      <ul className="product-row">
        {p.related.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} labels={p.labelsText} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </>
  );
}
