import { Controller, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ConfirmationPage, ContactPage, NewsletterPage } from '../../../views/pages/ContactPage';
import { Page, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../../common/site/site.types';
import { ContactFormFlow } from './contact-form.flow';
import { ContactThrottlerGuard } from './contact-throttler.guard';
import { FormCsrfGuard } from './form-csrf.guard';

/**
 * The contact and newsletter forms and the confirmation page (issue 13). The forms post to their own
 * path (CSRF token, rate limit) and are never cached: each carries the visitor's tokens. A refused
 * CSRF token answers the form again with what was typed (FormCsrfGuard), not the 403 page.
 */
@Controller()
export class ContactPageController {
  constructor(private readonly flow: ContactFormFlow) {}

  @Page('contact', ContactPage, { cache: false })
  contact(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.flow.contactForm(site, req, res);
  }

  @Page('contact', ContactPage, { cache: false, method: 'POST' })
  @UseGuards(FormCsrfGuard, ContactThrottlerGuard)
  submitContact(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.flow.submitContact(site, req, res);
  }

  @Page('confirmation', ConfirmationPage, { cache: false })
  confirmation(@Site() site: SiteContext, @Query('type') type: unknown) {
    return this.flow.confirmation(site, type);
  }

  @Page('newsletter', NewsletterPage, { cache: false })
  newsletter(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.flow.newsletterForm(site, req, res);
  }

  @Page('newsletter', NewsletterPage, { cache: false, method: 'POST' })
  @UseGuards(FormCsrfGuard, ContactThrottlerGuard)
  subscribe(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.flow.subscribe(site, req, res);
  }
}
