/** How a group of figures is counted, under them: one disclosure, the domain's words. */
export function FigureDefinitions({
  definitions,
}: {
  definitions: readonly { label: string; definition: string }[];
}) {
  return (
    <details className="mt-3 text-xs text-muted-foreground">
      <summary className="cursor-pointer rounded-sm py-1 font-medium hover:text-foreground">
        How these are counted
      </summary>
      <dl className="mt-2 space-y-1.5">
        {definitions.map((d) => (
          <div key={d.label}>
            <dt className="inline font-medium text-foreground">{d.label}: </dt>
            <dd className="inline">{d.definition}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
