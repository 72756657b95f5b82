// The search box of the office app's header (Spotlight over /api/search and the app's pages).
export { SearchButton } from './components/search-button';
export { searchKeys } from './api/keys';
