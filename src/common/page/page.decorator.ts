import {
  applyDecorators,
  createParamDecorator,
  Get,
  Post,
  SetMetadata,
  UseInterceptors,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import type { ComponentType } from 'react';
import { expressPaths, type RouteName, type RouteParams } from '../../../contracts/route-table';
import { PAGE_METADATA, type PageDefinition } from './page-definition';
import { PageInterceptor } from './page.interceptor';

/**
 * A localised page: registers the route for every locale of the route table, checks the path against
 * the visitor's locale and the parameter patterns (404 otherwise), and renders the returned view
 * model with `component` inside the shell.
 */
export function Page<P>(
  route: RouteName,
  component: ComponentType<P>,
  options: Omit<PageDefinition, 'route' | 'component'> = {},
) {
  const definition: PageDefinition = { route, component: component as ComponentType<never>, cache: true, ...options };
  return applyDecorators(
    (definition.method === 'POST' ? Post : Get)(expressPaths(route)),
    SetMetadata(PAGE_METADATA, definition),
    UseInterceptors(PageInterceptor),
  );
}

/** The validated parameters of the matched route (see `matchRoute`). */
export const RouteParam = createParamDecorator((name: string | undefined, ctx: ExecutionContext) => {
  const params: RouteParams = ctx.switchToHttp().getRequest<Request>().pageRoute?.params ?? {};
  return name ? params[name] : params;
});

/** The shop, locale and origin of the request (set by SiteMiddleware). */
export const Site = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<Request>().site,
);
