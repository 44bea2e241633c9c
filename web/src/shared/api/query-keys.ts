/**
 * Query keys per resource (medusa's queryKeysFactory): `lists()` and `details()` are prefixes, so
 * `invalidateQueries({ queryKey: keys.lists() })` refreshes every list of the resource at once.
 */
export function queryKeysFactory<const Resource extends string>(resource: Resource) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: Record<string, string | number | boolean | null | undefined>) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: string | number) => [resource, 'detail', id] as const,
  };
}
