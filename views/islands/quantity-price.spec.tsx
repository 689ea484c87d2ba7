import { renderToStaticMarkup } from 'react-dom/server';
import QuantityPrice from './QuantityPrice';

const labels = {
  unit_price: 'prix unitaire',
  quantity: 'Quantité',
  tiers_title: 'Prix dégressifs',
  tier_range: 'De {min} à {max} produits',
  tier_from_one: 'À partir de {count} produit',
  tier_from_other: 'À partir de {count} produits',
  tier_exact_one: '{count} produit',
  tier_exact_other: '{count} produits',
};

const render = (tiers: Array<{ quantityMin: number; quantityMax: number; price: number }>) =>
  renderToStaticMarkup(
    <QuantityPrice
      locale="fr"
      labels={labels}
      price={{
        amount: 32.9,
        formatted: 'CHF 32,90',
        original: null,
        currency: 'CHF',
        tiers: tiers.map((t) => ({ ...t, formatted: `CHF ${t.price}` })),
      }}
    />,
  );

describe('QuantityPrice', () => {
  it('does not say "from 4 products" for a tier that ends before the box max (99 pays the base price)', () => {
    const html = render([
      { quantityMin: 2, quantityMax: 4, price: 30.9 },
      { quantityMin: 4, quantityMax: 99, price: 28.9 },
    ]);
    expect(html).toContain('De 2 à 3 produits');
    expect(html).toContain('De 4 à 98 produits');
    expect(html).not.toContain('À partir de');
  });

  it('says "from 4 products" for a tier that covers every quantity up to the box max', () => {
    const html = render([{ quantityMin: 4, quantityMax: 100, price: 28.9 }]);
    expect(html).toContain('<th scope="row">À partir de 4 produits</th><td>CHF 28,90</td>');
    expect(html).toContain('max="99"');
  });

  it('says a one-quantity tier as that count, and "from 1 product" in the singular', () => {
    const html = render([
      { quantityMin: 2, quantityMax: 3, price: 30.9 },
      { quantityMin: 3, quantityMax: 100, price: 28.9 },
    ]);
    expect(html).toContain('<th scope="row">2 produits</th>');
    expect(html).not.toContain('De 2 à 2');
    expect(render([{ quantityMin: 1, quantityMax: 100, price: 28.9 }])).toContain(
      '<th scope="row">À partir de 1 produit</th>',
    );
  });
});
