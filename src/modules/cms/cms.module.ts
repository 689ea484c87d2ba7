import { Module } from '@nestjs/common';
import { HomePageController } from './home.page.controller';
import { HomeRepository } from './home.repository';
import { HomeService } from './home.service';

@Module({
  controllers: [HomePageController],
  providers: [HomeRepository, HomeService],
})
export class CmsModule {}
