import { type ApiModel, type ApiNavLink } from '../shared/api-model.js';
import { summaryText } from '../shared/html-text.js';
import type { Route } from '../shared/model.js';

// The API pages: the overview first (buildSite takes the first API route as the navbar's API link),
// then one page per operation in sidebar order, each with its neighbours for previous/next, and the
// changelog when the config names the API's releases (outside previous/next: it is not reference).

export function planApiRoutes(model: ApiModel, file: string): Route[] {
  // An older version's pages say which in their titles, as its docs do: "Quote a shipment (1.3)".
  const of = (title: string): string => (model.docsVersion ? `${title} (${model.docsVersion})` : title);
  const link = (i: number): ApiNavLink | undefined => {
    if (i < 0) return { title: model.info.title, href: model.basePath };
    const op = model.operations[i];
    return op ? { title: op.title, href: op.href } : undefined;
  };
  const routes: Route[] = [
    {
      path: model.basePath,
      title: of(model.info.title),
      description: model.info.summary ?? summaryText(model.info.description) ?? `Reference of the ${model.info.title}.`,
      file,
      sidebar: 'api',
      hideFooter: false,
      data: { kind: 'api', page: { kind: 'overview', api: model, next: link(0) } },
    },
  ];
  model.operations.forEach((operation, i) => {
    routes.push({
      path: operation.href,
      title: of(operation.title),
      description: summaryText(operation.description) ?? `${operation.method.toUpperCase()} ${operation.path}`,
      file,
      sidebar: 'api',
      hideFooter: false,
      data: { kind: 'api', page: { kind: 'operation', api: model, operation, prev: link(i - 1), next: link(i + 1) } },
    });
  });
  if (model.history)
    routes.push({
      path: model.history.href,
      title: `${model.info.title}: changelog`,
      description: `What changed in each release of the ${model.info.title}, newest first.`,
      file,
      sidebar: 'api',
      hideFooter: false,
      data: { kind: 'api', page: { kind: 'changelog', api: model, history: model.history } },
    });
  return routes;
}
