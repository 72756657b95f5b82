/** Data attached to a route: the locale key naming it in the breadcrumb. */
export interface RouteHandle {
  crumb?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'crumb' in value;
}
