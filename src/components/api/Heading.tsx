/** A heading whose level depends on where the block sits (an operation page, or a webhook on the overview). */
export function Heading({ level, className, id, children }: { level: number; className?: string; id?: string; children: React.ReactNode }): React.JSX.Element {
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as 'h2';
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}

/**
 * The `aria-labelledby` of an operation's section (`id` after `idPrefix`). When several operations
 * share a page (webhooks, callbacks), the element naming the operation (id `${idPrefix}title`)
 * comes first: each section landmark then has a name of its own ("Order shipped Responses").
 */
export function sectionLabel(idPrefix: string, id: string): string {
  return idPrefix ? `${idPrefix}title ${idPrefix}${id}` : id;
}
