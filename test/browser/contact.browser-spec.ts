import type { Page } from 'playwright-core';
import {
  axeOf,
  axeViolations,
  browserSuite,
  DE_HOST,
  describeInBrowser,
  DESKTOP,
  FR_HOST,
  openPage,
  PHONE,
} from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-13';

const TEXTS = {
  [FR_HOST]: {
    path: '/contactez-nous',
    general: 'Merci de bien remplir tous les champs obligatoires.',
    lastname: 'Veuillez renseigner votre nom de famille.',
    zipcode: "Merci d'indiquer un code postal valide",
    confirm: 'La demande de contact a bien été envoyée.',
    email: 'Veuillez renseigner une adresse e-mail valide.',
    captcha: 'La protection anti-spam à déclenchée une erreur, merci de réessayer.',
    captchaLabel: 'Captcha error',
    unknown: 'Une erreur inconnue est survenue, merci de réessayer ou de contacter notre service client',
  },
  [DE_HOST]: {
    path: '/kontakt',
    general: 'Bitte füllen Sie alle Pflichtfelder aus.',
    lastname: 'Bitte geben Sie Ihren Nachnamen ein.',
    zipcode: 'Bitte geben Sie eine gültige Postleitzahl an',
    confirm: 'Ihre Kontaktanfrage wurde erfolgreich gesendet.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    captcha: 'Der Spam-Schutz hat einen Fehler ausgelöst, bitte versuchen Sie es erneut.',
    captchaLabel: 'Captcha-Fehler',
    unknown:
      'Ein unbekannter Fehler ist aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie unseren Kundendienst',
  },
} as const;

describeInBrowser('contact form and newsletter (browser)', () => {
  const suite = browserSuite({
    env: { CONTACT_MIN_FILL_SECONDS: '0', MAIL_WORKER_INTERVAL_MS: '0' },
    // axe is injected into pages in the state a test brought them to.
    context: { viewport: DESKTOP, bypassCSP: true },
  });

  const errorOf = (page: Page, field: string, form = 'contact') => page.locator(`#${form}-${field}-error`);
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.id);

  async function fillContact(page: Page, email: string) {
    await page.selectOption('#contact-profile', 'other');
    await page.selectOption('#contact-provincial', '25');
    await page.selectOption('#contact-subject', 'product_information');
    await page.selectOption('#contact-civility', '1');
    await page.fill('#contact-lastname', 'Muster');
    await page.fill('#contact-firstname', 'Anna');
    await page.fill('#contact-email', email);
    await page.fill('#contact-message', 'Guten Tag, ist das Produkt glutenfrei?');
    await page.check('#contact-terms');
  }

  describe.each([FR_HOST, DE_HOST] as const)('on %s', (host) => {
    const texts = TEXTS[host];

    it.each([PHONE, DESKTOP])('reveals, validates on blur and suggests cities at %p', async (viewport) => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, `${texts.path}?catalogue`), viewport);
      // Hydrated: the canton and the address block wait for their profile and subject.
      // (the island's first render after hydration removes them: wait for it rather than a fixed delay)
      await page.locator('#contact-provincial').waitFor({ state: 'detached', timeout: 5000 });
      await page.locator('#contact-address_1').waitFor({ state: 'detached', timeout: 5000 });
      await page.selectOption('#contact-profile', 'pharmacist');
      await page.locator('#contact-provincial').waitFor({ state: 'visible', timeout: 10_000 });
      await page.selectOption('#contact-profile', 'customer');
      expect(await page.locator('#contact-provincial').count()).toBe(0);
      await page.selectOption('#contact-subject', 'documentation');
      await page.locator('#contact-address_1').waitFor({ state: 'visible', timeout: 10_000 });

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
      expect(await focused(page)).toBe('contact-civility');
      await page.screenshot({ path: `${SHOTS}/contact-${host}-${viewport.width}-errors.png`, fullPage: true });
      // The messages and the toast as axe sees them: tied to their fields, nothing to report.
      expect(await axeOf(page)).toEqual([]);
      // The toast fades after 3 s.
      await page.waitForSelector('.form-toast', { state: 'detached', timeout: 5000 });
      expect(logs.hydration).toEqual([]);
      expect(logs.problems).toEqual([]);
    });

    it('sends a complete request and lands on the confirmation', async () => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, texts.path), DESKTOP);
      await fillContact(page, `anna.${host}@example.ch`);
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
        // Without scripts the browser itself focuses the first field in error (autofocus).
        expect(await page.locator(':focus').getAttribute('id')).toBe('contact-profile');
        await page.screenshot({ path: `${SHOTS}/contact-nojs-${host}-390.png`, fullPage: true });
      } finally {
        await noJs.close();
      }
    });

    it("shows the API's answers: messages beside their fields (focus on the first), the captcha and unknown-error toasts", async () => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, texts.path), DESKTOP);
      // The server's answers, as the API gives them (SPEC §7 errors.code, a code per field).
      const answers = [
        {
          status: 400,
          json: {
            errors: {
              code: 'INVALID_INPUT',
              fields: { lastname: { code: 'validation_lastname' }, email: { code: 'validation_email' } },
            },
          },
        },
        {
          status: 400,
          json: { errors: { code: 'RECAPTCHA_ERROR', fields: { captcha_token: { code: 'RECAPTCHA_ERROR' } } } },
        },
        { status: 502, body: '<html>Bad gateway</html>' },
      ];
      const sent: Array<Record<string, string>> = [];
      await page.route('**/api/v1/contact', async (route) => {
        sent.push(JSON.parse(route.request().postData() ?? '{}') as Record<string, string>);
        const answer = answers.shift()!;
        await route.fulfill(
          'json' in answer
            ? { status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.json) }
            : { status: answer.status, contentType: 'text/html', body: answer.body },
        );
      });
      await fillContact(page, `toasts.${host}@example.ch`);
      const submit = () => page.click('.contact-form button[type=submit]');

      await submit();
      await expect(errorOf(page, 'lastname').textContent()).resolves.toBe(texts.lastname);
      await expect(errorOf(page, 'email').textContent()).resolves.toBe(texts.email);
      expect(await focused(page)).toBe('contact-lastname');
      expect(await page.locator('.form-toast p').textContent()).toBe(texts.general);
      expect(await axeOf(page)).toEqual([]);
      // What the island sent: the values, its form token, the (empty) trap, no captcha configured here.
      expect(sent[0]).toMatchObject({ lastname: 'Muster', terms: 'on', website: '', captcha_token: '' });
      expect(sent[0]!.form_token).toMatch(/^[0-9]{13}\./);

      await submit();
      // The first answer's toast is still there until the second answer replaces it: wait for the text.
      await page.waitForFunction(
        (text) => document.querySelector('.form-toast p:not(.form-toast__title)')?.textContent === text,
        texts.captcha,
      );
      expect(await page.locator('.form-toast__title').textContent()).toBe(texts.captchaLabel);
      expect(await axeOf(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/contact-${host}-1366-captcha-toast.png` });

      await submit();
      await page.waitForFunction(
        (text) => document.querySelector('.form-toast p')?.textContent === text,
        texts.unknown,
      );
      expect(sent).toHaveLength(3);
      expect(page.url()).toBe(suite.site.url(host, texts.path));
      expect(logs.hydration).toEqual([]);
    });

    it("focuses the first field in error of the page's answer (a post without the island) and stays axe-clean", async () => {
      const { page } = await openPage(suite.context, suite.site.url(host, `${texts.path}?catalogue`), PHONE);
      await page.fill('#contact-lastname', 'Du@pont');
      // The form's native post, as a browser without JavaScript sends it (the island's handler skipped).
      await Promise.all([
        page.waitForURL(suite.site.url(host, `${texts.path}?catalogue`)),
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.evaluate(() => HTMLFormElement.prototype.submit.call(document.querySelector('form.contact-form'))),
      ]);
      await page.waitForSelector('#contact-lastname-error');
      await page.waitForFunction(() => document.activeElement?.id === 'contact-profile');
      expect(await page.inputValue('#contact-lastname')).toBe('Du@pont');
      await page.screenshot({ path: `${SHOTS}/contact-${host}-390-server-errors.png`, fullPage: true });
      expect(await axeOf(page)).toEqual([]);
    });

    it('newsletter: on-blur validation, city suggestions debounced (200 ms), an empty zipcode clears without a call', async () => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, '/newsletter'), PHONE);
      const lookups: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/cities')) lookups.push(new URL(request.url()).searchParams.get('zipcode')!);
      });
      await page.fill('#newsletter-lastname', 'Mu5ter');
      await page.locator('#newsletter-lastname').blur();
      await expect(errorOf(page, 'lastname', 'newsletter').textContent()).resolves.toBe(texts.lastname);
      expect(await page.getAttribute('#newsletter-lastname', 'aria-describedby')).toContain(
        'newsletter-lastname-error',
      );
      // Two postcodes typed within the debounce: one look-up, for the last.
      await page.fill('#newsletter-zipcode', '8001');
      await page.fill('#newsletter-zipcode', '1003');
      await page.waitForSelector('select#newsletter-city');
      expect(await page.inputValue('#newsletter-city')).toBe('Lausanne');
      expect(lookups).toEqual(['1003']);
      await page.locator('#newsletter-zipcode').blur();
      expect(await errorOf(page, 'zipcode', 'newsletter').count()).toBe(0);
      // Emptied: the choice goes at once, and no call is made (waited past the debounce).
      await page.fill('#newsletter-zipcode', '');
      await page.waitForSelector('input#newsletter-city');
      await page.waitForTimeout(400);
      expect(lookups).toEqual(['1003']);
      await page.locator('#newsletter-zipcode').blur();
      await expect(errorOf(page, 'zipcode', 'newsletter').textContent()).resolves.toBe(texts.zipcode);
      expect(await axeOf(page)).toEqual([]);
      expect(logs.problems).toEqual([]);
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
