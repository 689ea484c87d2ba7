import { Controller } from '@nestjs/common';
import { HomePage } from '../../../views/pages/HomePage';
import { Page, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { HomeService } from './home.service';

@Controller()
export class HomePageController {
  constructor(private readonly home: HomeService) {}

  @Page('home', HomePage)
  show(@Site() site: SiteContext) {
    return this.home.page(site);
  }
}
