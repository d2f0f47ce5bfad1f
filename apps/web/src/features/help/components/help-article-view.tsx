import { Info } from 'lucide-react';
import type { HelpArticle, HelpBlock } from '../articles';

function Block({ block }: { block: HelpBlock }) {
  switch (block.kind) {
    case 'p':
      return <p>{block.text}</p>;
    case 'h':
      return <h3 className="pt-2 text-base font-semibold text-foreground">{block.text}</h3>;
    case 'code':
      return (
        <pre className="overflow-x-auto whitespace-pre-wrap rounded-md bg-muted px-4 py-3 font-mono text-[13px] text-foreground">
          {block.text}
        </pre>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List
          className={block.ordered ? 'ml-5 list-decimal space-y-1.5' : 'ml-5 list-disc space-y-1.5'}
        >
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="border-b bg-muted px-3 py-2 text-left font-medium text-foreground">
              {block.caption}
            </caption>
            <thead>
              <tr className="border-b">
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="px-3 py-2 font-medium text-foreground">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join('|')} className="border-b last:border-b-0">
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={index}
                        scope="row"
                        className="min-w-28 break-words px-3 py-2 align-top font-medium text-foreground"
                      >
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="min-w-40 px-3 py-2 align-top">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

export function HelpArticleView({ article }: { article: HelpArticle }) {
  return (
    <article aria-labelledby={`article-${article.slug}`}>
      <h2
        id={`article-${article.slug}`}
        className="text-xl font-semibold tracking-tight sm:text-2xl"
      >
        {article.title}
      </h2>
      <p className="mt-1 text-muted-foreground">{article.summary}</p>
      {article.arrivesWith ? (
        <p className="mt-4 flex gap-2 rounded-md border bg-accent px-3 py-2 text-sm text-accent-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Arrives with the {article.arrivesWith}: this article describes how it will work. It is
            not in this version yet.
          </span>
        </p>
      ) : null}
      <div className="mt-5 space-y-4 leading-relaxed text-foreground/90">
        {article.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
    </article>
  );
}
