import { Module } from '@nestjs/common';
import { SeoController } from './seo.controller';
import { SeoRepository } from './seo.repository';
import { SitemapService } from './sitemap.service';

/** Search visibility: robots.txt and the sitemaps per host (issue 14, "Found by search engines"). */
@Module({
  controllers: [SeoController],
  providers: [SeoRepository, SitemapService],
})
export class SeoModule {}
