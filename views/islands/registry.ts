import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType<never> }>;

/**
 * Every island the client can hydrate, by name (the component's name). Each is its own chunk: a page
 * loads only the islands it shows. `registry.spec.ts` checks names against the components.
 */
export const ISLANDS: Record<string, Loader> = {
  DiscountBanner: () => import('./DiscountBanner'),
  LabelBadges: () => import('./LabelBadges'),
  PackagingSelect: () => import('./PackagingSelect'),
  ProductGallery: () => import('./ProductGallery'),
  ProductListing: () => import('./ProductListing'),
  ProductTabs: () => import('./ProductTabs'),
  QuantityPrice: () => import('./QuantityPrice'),
  GoToTop: () => import('./GoToTop'),
  HeaderSearch: () => import('./HeaderSearch'),
  HeaderSlider: () => import('./HeaderSlider'),
  CornerHeroSlider: () => import('./CornerHeroSlider'),
  LanguageSwitch: () => import('./LanguageSwitch'),
  LoadingBar: () => import('./LoadingBar'),
  MainMenu: () => import('./MainMenu'),
  QrLanguageModal: () => import('./QrLanguageModal'),
  RotatingText: () => import('./RotatingText'),
  TableOfContents: () => import('./TableOfContents'),
  ParagraphSlider: () => import('./ParagraphSlider'),
  VideoPlayer: () => import('./VideoPlayer'),
  AudienceOptOut: () => import('./AudienceOptOut'),
  AnchorTabs: () => import('./AnchorTabs'),
  BrandSlider: () => import('./BrandSlider'),
  CornerNav: () => import('./CornerNav'),
  ConsentManager: () => import('./ConsentManager'),
  NeedSelector: () => import('./NeedSelector'),
  NeedsFinder: () => import('./NeedsFinder'),
  SearchListing: () => import('./SearchListing'),
  SearchPanel: () => import('./SearchPanel'),
  StoreFinder: () => import('./StoreFinder'),
  StoreLocationMap: () => import('./StoreLocationMap'),
  ContactForm: () => import('./ContactForm'),
  NewsletterForm: () => import('./NewsletterForm'),
};
