import { ArrowLeft, Search } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { HELP_ARTICLES, searchArticles } from '../articles';
import { HelpArticleView } from './help-article-view';

/**
 * The help articles with a client-side search. The query and the open article
 * live in the URL (?q=, ?article=) so they survive a reload and can be linked.
 */
export function HelpBrowser() {
  const [params, setParams] = useSearchParams();
  const searchId = useId();
  const query = params.get('q') ?? '';
  const slug = params.get('article');
  const article = slug ? HELP_ARTICLES.find((a) => a.slug === slug) : undefined;

  if (article) {
    const back = new URLSearchParams(params);
    back.delete('article');
    const backSearch = back.toString();
    return (
      <div className="space-y-4">
        <Link
          to={{ search: backSearch ? `?${backSearch}` : '' }}
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All articles
        </Link>
        <Card className="p-5 sm:p-8">
          <HelpArticleView article={article} />
        </Card>
      </div>
    );
  }

  const results = searchArticles(HELP_ARTICLES, query);

  return (
    <div className="space-y-5">
      <div role="search" className="relative max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          Search help articles
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('q', event.target.value);
            else next.delete('q');
            setParams(next, { replace: true });
          }}
          placeholder="Search help articles..."
          className="h-11 w-full rounded-md border border-input bg-background pl-9 pr-3 text-base shadow-sm outline-offset-1 placeholder:text-muted-foreground/80 md:text-sm"
        />
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {query.trim() === ''
          ? `${results.length} articles`
          : results.length === 0
            ? `No articles match “${query.trim()}”.`
            : `${results.length} ${results.length === 1 ? 'article matches' : 'articles match'} “${query.trim()}”.`}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {results.map((result) => {
          const next = new URLSearchParams(params);
          next.set('article', result.slug);
          return (
            <li key={result.slug}>
              <Link
                to={{ search: `?${next.toString()}` }}
                className="flex h-full flex-col rounded-lg border bg-background p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40"
              >
                <span className="font-semibold text-foreground">{result.title}</span>
                <span className="mt-1 text-sm text-muted-foreground">{result.summary}</span>
                {result.arrivesWith ? (
                  <span className="mt-3 self-start rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                    Arrives with the {result.arrivesWith}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
