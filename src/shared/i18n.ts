// The interface-text dictionary (es, en) and the language records. Shared by the server (which
// renders every label in both languages, CSS showing the active one) and the client.

export type Lang = 'es' | 'en';

export interface LanguageRecord {
  code: Lang;
  name: string;
  nativeName: string;
  flag: string;
  rtl: boolean;
}

export const LANGUAGES: Record<Lang, LanguageRecord> = {
  es: { code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸', rtl: false },
  en: { code: 'en', name: 'English', nativeName: 'English', flag: '🇺🇸', rtl: false },
};

export const DEFAULT_LANG: Lang = 'es';

/** localStorage key of the reader's UI language choice. */
export const LANG_STORAGE_KEY = 'shipdocs.lang';
/** localStorage key of the colour mode ("light" | "dark"). */
export const THEME_STORAGE_KEY = 'shipdocs.theme';
/** localStorage key of the reader's docs version ("current" or a version name). */
export const VERSION_STORAGE_KEY = 'shipdocs.docs.version';
/** localStorage key prefix of dismissed announcement bars (the bar id is appended). */
export const ANNOUNCEMENT_STORAGE_PREFIX = 'shipdocs.announcement.dismissed.';

const es = {
  navigation: {
    skipToContent: 'Saltar al contenido principal',
    search: 'Buscar',
    searchPlaceholder: 'Buscar…',
    toggleTheme: 'Cambiar entre modo claro y oscuro',
    lightMode: 'Modo claro',
    darkMode: 'Modo oscuro',
    openMenu: 'Abrir el menú de navegación',
    closeMenu: 'Cerrar el menú de navegación',
    mainNavigation: 'Navegación principal',
    offline: 'Sin conexión - Modo offline',
    close: 'Cerrar',
    home: 'Inicio',
    docs: 'Documentación',
    api: 'API',
    blog: 'Blog',
    onThisPage: 'En esta página',
    previous: 'Anterior',
    next: 'Siguiente',
    docsPagination: 'Páginas de la documentación',
    breadcrumbs: 'Ruta de navegación',
    editPage: 'Editar esta página',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'No encontramos lo que buscabas. Revisa la dirección o vuelve a la página de inicio.',
    backHome: 'Volver al inicio',
    footer: 'Pie de página',
    docsCount: 'documentos',
    docCount: 'documento',
  },
  sidebar: {
    label: 'Barra lateral de la documentación',
    expandCategory: 'Expandir la categoría',
    collapseCategory: 'Contraer la categoría',
  },
  blog: {
    recentPosts: 'Publicaciones recientes',
    readMore: 'Leer más',
    minRead: 'min de lectura',
    newerPost: 'Publicación más reciente',
    olderPost: 'Publicación anterior',
    newerEntries: 'Entradas más recientes',
    olderEntries: 'Entradas anteriores',
    pagination: 'Navegación del blog',
    postPagination: 'Navegación entre publicaciones',
    archive: 'Archivo',
    authors: 'Autores',
    tags: 'Etiquetas',
    taggedWith: 'Etiquetas:',
    posts: 'publicaciones',
    post: 'publicación',
    viewAllTags: 'Ver todas las etiquetas',
    page: 'Página',
    of: 'de',
    feeds: 'Suscríbete por RSS o Atom',
  },
  versions: {
    label: 'Versión de la documentación',
    unreleased: 'Esta es documentación no publicada de la versión',
    unmaintained: 'Esta es documentación de la versión',
    unmaintainedTail: ', que ya no recibe mantenimiento.',
    latestPrefix: 'Para la documentación actual, consulta la',
    latestLink: 'última versión',
  },
  apiContent: {
    reference: 'Referencia de la API',
    overview: 'Introducción',
    version: 'Versión',
    downloadSpec: 'Descargar el documento OpenAPI',
    servers: 'Servidores',
    variables: 'Variables',
    authentication: 'Autenticación',
    noAuthentication: 'No requiere autenticación.',
    anyOfSchemes: 'Cualquiera de estas opciones:',
    operations: 'Operaciones',
    otherOperations: 'Otras operaciones',
    webhooks: 'Webhooks',
    webhook: 'Webhook',
    callbacks: 'Callbacks',
    pathParameters: 'Parámetros de ruta',
    queryParameters: 'Parámetros de consulta',
    headerParameters: 'Parámetros de cabecera',
    cookieParameters: 'Parámetros de cookie',
    name: 'Nombre',
    location: 'Ubicación',
    type: 'Tipo',
    required: 'obligatorio',
    deprecated: 'obsoleto',
    readOnly: 'solo lectura',
    writeOnly: 'solo escritura',
    nullable: 'admite null',
    default: 'Predeterminado',
    possibleValues: 'Valores posibles',
    moreValues: 'más',
    example: 'Ejemplo',
    constant: 'Valor fijo',
    headers: 'Cabeceras',
    noContent: 'Sin contenido.',
    requestExample: 'Ejemplo de solicitud',
    exampleTruncated: 'Ejemplo recortado para aligerar la página; descarga el documento OpenAPI para verlo completo.',
    generatedExample: 'Generado a partir del esquema',
    oneOf: 'Uno de',
    anyOf: 'Cualquiera de',
    allOf: 'Todos de',
    not: 'No debe cumplir',
    discriminator: 'Discriminador',
    recursive: 'recursivo: ver arriba',
    seeAbove: 'ver arriba',
    notExpanded: 'no se despliega aquí',
    additionalProperties: 'Propiedades adicionales',
    anyValue: 'cualquier valor',
    noAdditionalProperties: 'No admite propiedades adicionales',
    moreProperties: 'propiedades más no mostradas',
    items: 'Elementos',
    contact: 'Contacto',
    license: 'Licencia',
    terms: 'Términos del servicio',
    externalDocs: 'Documentación externa',
    scopes: 'Alcances',
    authorizationUrl: 'URL de autorización',
    tokenUrl: 'URL del token',
    refreshUrl: 'URL de renovación',
    bearer: 'Token Bearer',
    basic: 'Autenticación básica (usuario y contraseña)',
    apiKey: 'Clave de API',
    oauth2: 'OAuth 2.0',
    openIdConnect: 'OpenID Connect',
    mutualTLS: 'TLS mutuo',
    httpAuth: 'Autenticación HTTP',
    inHeader: 'en la cabecera',
    inQuery: 'en la consulta',
    inCookie: 'en la cookie',
  },
  showApiData: {
    description: 'Descripción',
    parameters: 'Parámetros',
    bodyParameters: 'Parámetros del cuerpo',
    responses: 'Respuestas',
    jsonExample: 'Ejemplo JSON',
  },
  language: {
    label: 'Idioma',
    select: 'Seleccionar idioma',
    es: 'Español',
    en: 'Inglés',
  },
} as const;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Dictionary = Shape<typeof es>;

const en: Dictionary = {
  navigation: {
    skipToContent: 'Skip to main content',
    search: 'Search',
    searchPlaceholder: 'Search…',
    toggleTheme: 'Switch between dark and light mode',
    lightMode: 'Light mode',
    darkMode: 'Dark mode',
    openMenu: 'Open the navigation menu',
    closeMenu: 'Close the navigation menu',
    mainNavigation: 'Main navigation',
    offline: 'No connection - Offline mode',
    close: 'Close',
    home: 'Home',
    docs: 'Documentation',
    api: 'API',
    blog: 'Blog',
    onThisPage: 'On this page',
    previous: 'Previous',
    next: 'Next',
    docsPagination: 'Docs pages',
    breadcrumbs: 'Breadcrumbs',
    editPage: 'Edit this page',
    notFoundTitle: 'Page not found',
    notFoundText: 'We could not find what you were looking for. Check the address or go back to the home page.',
    backHome: 'Back to the home page',
    footer: 'Footer',
    docsCount: 'documents',
    docCount: 'document',
  },
  sidebar: {
    label: 'Docs sidebar',
    expandCategory: 'Expand the category',
    collapseCategory: 'Collapse the category',
  },
  blog: {
    recentPosts: 'Recent posts',
    readMore: 'Read more',
    minRead: 'min read',
    newerPost: 'Newer post',
    olderPost: 'Older post',
    newerEntries: 'Newer entries',
    olderEntries: 'Older entries',
    pagination: 'Blog list page navigation',
    postPagination: 'Blog post page navigation',
    archive: 'Archive',
    authors: 'Authors',
    tags: 'Tags',
    taggedWith: 'Tags:',
    posts: 'posts',
    post: 'post',
    viewAllTags: 'View all tags',
    page: 'Page',
    of: 'of',
    feeds: 'Subscribe via RSS or Atom',
  },
  versions: {
    label: 'Docs version',
    unreleased: 'This is unreleased documentation for version',
    unmaintained: 'This is documentation for version',
    unmaintainedTail: ', which is no longer actively maintained.',
    latestPrefix: 'For up-to-date documentation, see the',
    latestLink: 'latest version',
  },
  apiContent: {
    reference: 'API reference',
    overview: 'Overview',
    version: 'Version',
    downloadSpec: 'Download the OpenAPI document',
    servers: 'Servers',
    variables: 'Variables',
    authentication: 'Authentication',
    noAuthentication: 'No authentication required.',
    anyOfSchemes: 'Any one of these:',
    operations: 'Operations',
    otherOperations: 'Other operations',
    webhooks: 'Webhooks',
    webhook: 'Webhook',
    callbacks: 'Callbacks',
    pathParameters: 'Path parameters',
    queryParameters: 'Query parameters',
    headerParameters: 'Header parameters',
    cookieParameters: 'Cookie parameters',
    name: 'Name',
    location: 'Location',
    type: 'Type',
    required: 'required',
    deprecated: 'deprecated',
    readOnly: 'read-only',
    writeOnly: 'write-only',
    nullable: 'nullable',
    default: 'Default',
    possibleValues: 'Possible values',
    moreValues: 'more',
    example: 'Example',
    constant: 'Constant',
    headers: 'Headers',
    noContent: 'No content.',
    requestExample: 'Example request',
    exampleTruncated: 'Example shortened to keep the page light; download the OpenAPI document to see all of it.',
    generatedExample: 'Generated from the schema',
    oneOf: 'One of',
    anyOf: 'Any of',
    allOf: 'All of',
    not: 'Must not match',
    discriminator: 'Discriminator',
    recursive: 'recursive: see above',
    seeAbove: 'see above',
    notExpanded: 'not expanded here',
    additionalProperties: 'Additional properties',
    anyValue: 'any value',
    noAdditionalProperties: 'No additional properties allowed',
    moreProperties: 'more properties not shown',
    items: 'Items',
    contact: 'Contact',
    license: 'License',
    terms: 'Terms of service',
    externalDocs: 'External documentation',
    scopes: 'Scopes',
    authorizationUrl: 'Authorization URL',
    tokenUrl: 'Token URL',
    refreshUrl: 'Refresh URL',
    bearer: 'Bearer token',
    basic: 'Basic auth (username and password)',
    apiKey: 'API key',
    oauth2: 'OAuth 2.0',
    openIdConnect: 'OpenID Connect',
    mutualTLS: 'Mutual TLS',
    httpAuth: 'HTTP authentication',
    inHeader: 'in header',
    inQuery: 'in query',
    inCookie: 'in cookie',
  },
  showApiData: {
    description: 'Description',
    parameters: 'Parameters',
    bodyParameters: 'Body parameters',
    responses: 'Responses',
    jsonExample: 'JSON example',
  },
  language: {
    label: 'Language',
    select: 'Select language',
    es: 'Spanish',
    en: 'English',
  },
};

export const DICTIONARY: Record<Lang, Dictionary> = { es, en };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** "navigation.search", "language.label", … */
export type TextKey = Leaves<Dictionary>;

export function translate(lang: Lang, key: TextKey): string {
  let node: unknown = DICTIONARY[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string' ? node : key;
}

/** Saved choice, else the browser's language when it is es or en, else es. */
export function resolveLanguage(saved: string | null | undefined, browserLanguages: readonly string[], available: readonly Lang[] = ['es', 'en']): Lang {
  const ok = (l: string | null | undefined): l is Lang => !!l && (available as readonly string[]).includes(l);
  if (ok(saved)) return saved;
  for (const bl of browserLanguages) {
    const code = bl.toLowerCase().split('-')[0];
    if (ok(code)) return code;
  }
  return ok(DEFAULT_LANG) ? DEFAULT_LANG : available[0] ?? DEFAULT_LANG;
}
