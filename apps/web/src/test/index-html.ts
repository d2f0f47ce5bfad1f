import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Tests run from apps/web (its package.json's `vitest`).
const INDEX_HTML = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');

/**
 * One of index.html's first-paint templates filled in as the server does it
 * (apps/server/src/plugins/spa.ts), for plain text values.
 */
export function filledFirstPaint(name: string, values: Record<string, string>): string {
  const pieces = { brand: templateOf('brand'), loading: templateOf('loading') };
  return withoutLayoutWhitespace(
    templateOf(name).replace(
      /\{\{(\w+)\}\}/g,
      (_all, key: string) => values[key] ?? pieces[key as keyof typeof pieces] ?? '',
    ),
  );
}

/** Another template filled in with these values (the server's nested pieces), as it is. */
export function filledTemplate(name: string, values: Record<string, string>): string {
  return templateOf(name).replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);
}

/** One of index.html's first-paint templates, as it is. */
export function templateOf(name: string): string {
  const match = new RegExp(
    `<template data-first-paint="${name}"\\s*>([\\s\\S]*?)</template\\s*>`,
  ).exec(INDEX_HTML);
  if (!match?.[1]) throw new Error(`index.html has no ${name} template`);
  return match[1];
}

/**
 * Markup without the line breaks and indentation Prettier puts between tags and attributes
 * (it keeps the whitespace that shows), so it compares with React's output.
 */
export function withoutLayoutWhitespace(html: string): string {
  return (
    html
      .replace(/>\s+</g, '><')
      // Before the end of a block (a list item), whitespace does not show either.
      .replace(/\s+<\/li>/g, '</li>')
      .replace(/\s+/g, ' ')
      .replace(/\s*(\/?>)/g, '$1')
      .replace(/<(\w+)\s+/g, '<$1 ')
      .trim()
  );
}
