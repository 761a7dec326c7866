import { beforeAll, describe, expect, it } from 'vitest';
import { allowedMethods, compileRoutes, matchRoute, mockBasePath, type RouteTable } from '../../src/mock/match-route.js';
import type { ApiServer } from '../../src/shared/api-model.js';
import { loadFixtureApi, loadShippingApi } from './helpers.js';

const server = (url: string, description?: string): ApiServer => ({ url, resolvedUrl: url, description, variables: [], sandbox: false });

let table: RouteTable;
beforeAll(async () => {
  const { model } = await loadFixtureApi();
  table = compileRoutes(model.operations, model.servers);
});

const matched = (method: string, path: string): string => {
  const m = matchRoute(table, method, path);
  return m.kind === 'operation' ? `${m.operation.operationId} ${JSON.stringify(m.params)}` : m.kind;
};

describe('mockBasePath', () => {
  it('is the path of the server the document describes as a mock, else of the first server', () => {
    expect(mockBasePath([server('https://api.example.com/v2', 'Production'), server('http://127.0.0.1:4010/v1/', 'Local mock')])).toBe('/v1');
    expect(mockBasePath([server('https://api.example.com/v2/', 'Production'), server('https://sandbox.example.com', 'Sandbox')])).toBe('/v2');
    expect(mockBasePath([server('/api/v3', undefined)])).toBe('/api/v3');
    expect(mockBasePath([server('http://127.0.0.1:4010', 'Local mock (shipdocs mock)'), server('https://x.example/v1')])).toBe('');
    expect(mockBasePath([])).toBe('');
  });

  it('is empty for the default site, whose "Local mock" server has no path', async () => {
    const { model } = await loadShippingApi();
    expect(compileRoutes(model.operations, model.servers).basePath).toBe('');
  });
});

describe('matchRoute', () => {
  it('matches path templates, with or without the base path, and keeps parameters as sent', () => {
    expect(table.basePath).toBe('/v1');
    expect(matched('GET', '/v1/pets/7')).toBe('getPet {"petId":"7"}');
    expect(matched('GET', '/pets/7')).toBe('getPet {"petId":"7"}');
    expect(matched('GET', '/v1/pets/7/')).toBe('getPet {"petId":"7"}');
    expect(matched('GET', '/files/read%20me.md')).toBe('getFile {"name":"read%20me","ext":"md"}');
    // An encoded slash is part of the parameter, not a path separator.
    expect(matched('GET', '/v1/pets/a%2Fb')).toBe('getPet {"petId":"a%2Fb"}');
    expect(matched('GET', '/v2/pets/7')).toBe('not-found');
  });

  it('prefers a concrete path over a template, and falls back to the template for other methods', () => {
    expect(matched('GET', '/pets/mine')).toBe('myPets {}');
    expect(matched('DELETE', '/pets/mine')).toBe('deletePet {"petId":"mine"}');
  });

  it('matches methods: HEAD as GET, 405 with the methods of the path, 404 for unknown paths', () => {
    expect(matched('head', '/pets')).toBe('listPets {}');
    expect(matchRoute(table, 'PUT', '/pets')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST', 'HEAD', 'OPTIONS'] });
    expect(matchRoute(table, 'PATCH', '/pets/3')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'DELETE', 'HEAD', 'OPTIONS'] });
    expect(matched('GET', '/nothing')).toBe('not-found');
    expect(matched('GET', '/pets/1/2')).toBe('not-found');
    expect(allowedMethods(table, '/v1/pets/mine')).toEqual(['GET', 'DELETE', 'HEAD', 'OPTIONS']);
    expect(allowedMethods(table, '/nothing')).toBeUndefined();
  });
});
