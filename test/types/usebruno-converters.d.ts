// @usebruno/converters ships no types: the two importers the client-export tests call.
declare module '@usebruno/converters' {
  interface BrunoCollection {
    name: string;
    items: never[];
    environments: { name: string; variables: { name: string; value: string }[] }[];
  }
  export function postmanToBruno(collection: unknown): Promise<{ collection: BrunoCollection; issues: unknown[] }>;
  export function insomniaToBruno(exported: unknown): BrunoCollection;
}
