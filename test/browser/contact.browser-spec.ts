import type { Page } from 'playwright-core';
import { axeViolations, browserSuite, DE_HOST, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

const SHOTS = '/tmp/shots-13';

const TEXTS = {
  [FR_HOST]: {
    path: '/contactez-nous',
    general: 'Merci de bien remplir tous les champs obligatoires.',
    lastname: 'Veuillez renseigner votre nom de famille.',
    zipcode: "Merci d'indiquer un code postal valide",
    confirm: 'La demande de contact a bien été envoyée.',
  },
  [DE_HOST]: {
    path: '/kontakt',
    general: 'Bitte füllen Sie alle Pflichtfelder aus.',
    lastname: 'Bitte geben Sie Ihren Nachnamen ein.',
    zipcode: 'Bitte geben Sie eine gültige Postleitzahl an',
    confirm: 'Ihre Kontaktanfrage wurde erfolgreich gesendet.',
  },
} as const;

describeInBrowser('contact form and newsletter (browser)', () => {
  const suite = browserSuite({ env: { CONTACT_MIN_FILL_SECONDS: '0', MAIL_WORKER_INTERVAL_MS: '0' } });

  const errorOf = (page: Page, field: string) => page.locator(`#contact-${field}-error`);

  describe.each([FR_HOST, DE_HOST] as const)('on %s', (host) => {
    const texts = TEXTS[host];

    it.each([PHONE, DESKTOP])('reveals, validates on blur and suggests cities at %p', async (viewport) => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, `${texts.path}?catalogue`), viewport);
      // Hydrated: the canton and the address block wait for their profile and subject.
      // (the island's first render after hydration removes them: wait for it rather than a fixed delay)
      await page.locator('#contact-provincial').waitFor({ state: 'detached', timeout: 5000 });
      await page.locator('#contact-address_1').waitFor({ state: 'detached', timeout: 5000 });
      await page.selectOption('#contact-profile', 'pharmacist');
      await expect(page.locator('#contact-provincial').isVisible()).resolves.toBe(true);
      await page.selectOption('#contact-profile', 'customer');
      expect(await page.locator('#contact-provincial').count()).toBe(0);
      await page.selectOption('#contact-subject', 'documentation');
      await expect(page.locator('#contact-address_1').isVisible()).resolves.toBe(true);

      // On blur, with the server's rules.
      await page.fill('#contact-lastname', 'Du;pont');
      await page.locator('#contact-lastname').blur();
      await expect(errorOf(page, 'lastname').textContent()).resolves.toBe(texts.lastname);
      expect(await page.getAttribute('#contact-lastname', 'aria-describedby')).toContain('contact-lastname-error');
      await page.fill('#contact-lastname', 'Dupont');
      await page.locator('#contact-lastname').blur();
      expect(await errorOf(page, 'lastname').count()).toBe(0);

      // The zipcode's localities become the city choice, filled from the first.
      await page.fill('#contact-zipcode', '999');
      await page.locator('#contact-zipcode').blur();
      await expect(errorOf(page, 'zipcode').textContent()).resolves.toBe(texts.zipcode);
      await page.fill('#contact-zipcode', '1003');
      await page.waitForSelector('select#contact-city');
      expect(await page.inputValue('#contact-city')).toBe('Lausanne');
      await page.locator('#contact-zipcode').blur();
      expect(await errorOf(page, 'zipcode').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/contact-${host}-${viewport.width}-filled.png`, fullPage: true });

      // An empty zipcode clears the choice without a call.
      await page.fill('#contact-zipcode', '');
      await page.waitForSelector('input#contact-city');

      // Submit with fields missing: the toast, and the focus on the first field in error.
      await page.click('.contact-form button[type=submit]');
      await expect(page.locator('.form-toast p').textContent()).resolves.toBe(texts.general);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-civility');
      await page.screenshot({ path: `${SHOTS}/contact-${host}-${viewport.width}-errors.png`, fullPage: true });
      // The toast fades after 3 s.
      await page.waitForSelector('.form-toast', { state: 'detached', timeout: 5000 });
      expect(logs.hydration).toEqual([]);
      expect(logs.problems).toEqual([]);
    });

    it('sends a complete request and lands on the confirmation', async () => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, texts.path), DESKTOP);
      await page.selectOption('#contact-profile', 'other');
      await page.selectOption('#contact-provincial', '25');
      await page.selectOption('#contact-subject', 'product_information');
      await page.selectOption('#contact-civility', '1');
      await page.fill('#contact-lastname', 'Muster');
      await page.fill('#contact-firstname', 'Anna');
      await page.fill('#contact-email', `anna.${host}@example.ch`);
      await page.fill('#contact-message', 'Guten Tag, ist das Produkt glutenfrei?');
      await page.check('#contact-terms');
      await Promise.all([page.waitForURL(/confirmation|bestatigung/), page.click('.contact-form button[type=submit]')]);
      await expect(page.locator('.confirmation-page__text').textContent()).resolves.toBe(texts.confirm);
      await page.screenshot({ path: `${SHOTS}/confirmation-${host}-1366.png`, fullPage: true });
      expect(logs.problems).toEqual([]);
    });

    it('works without JavaScript: every field shown, the server answers with its messages', async () => {
      const noJs = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      try {
        const page = await noJs.newPage();
        await page.goto(suite.site.url(host, `${texts.path}?catalogue`));
        expect(await page.locator('#contact-provincial').isVisible()).toBe(true);
        expect(await page.locator('#contact-address_1').isVisible()).toBe(true);
        await page.fill('#contact-lastname', 'Du@pont');
        await page.click('.contact-form button[type=submit]');
        await page.waitForSelector('#contact-lastname-error');
        await expect(page.locator('.form-toast p').textContent()).resolves.toBe(texts.general);
        expect(await page.inputValue('#contact-lastname')).toBe('Du@pont');
        await page.screenshot({ path: `${SHOTS}/contact-nojs-${host}-390.png`, fullPage: true });
      } finally {
        await noJs.close();
      }
    });

    it.each([PHONE, DESKTOP])(
      'has no axe violations on the contact, newsletter and confirmation pages at %p',
      async (viewport) => {
        const paths = [
          `${texts.path}?catalogue`,
          '/newsletter',
          host === FR_HOST ? '/contactez-nous/confirmation' : '/kontakt/bestatigung',
        ];
        for (const path of paths)
          expect([path, await axeViolations(suite.browser, suite.site.url(host, path), viewport)]).toEqual([path, []]);
        const { page } = await openPage(suite.context, suite.site.url(host, '/newsletter'), viewport);
        await page.screenshot({ path: `${SHOTS}/newsletter-${host}-${viewport.width}.png`, fullPage: true });
      },
    );
  });
});
