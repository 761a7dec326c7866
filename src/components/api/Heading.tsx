/** A heading whose level depends on where the block sits (an operation page, or a webhook on the overview). */
export function Heading({ level, className, id, children }: { level: number; className?: string; id?: string; children: React.ReactNode }): React.JSX.Element {
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as 'h2';
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}
