import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from './articles';

describe('help articles', () => {
  it.each(['estimates-and-pricing', 'jobs-and-schedule', 'invoices-and-payments'])(
    'when the module of %s is built, then its article does not say it arrives later',
    (slug) => {
      const article = HELP_ARTICLES.find((a) => a.slug === slug);
      expect(article).toBeDefined();
      expect(article?.arrivesWith).toBeUndefined();
      expect(article?.blocks.length).toBeGreaterThan(0);
    },
  );
});
