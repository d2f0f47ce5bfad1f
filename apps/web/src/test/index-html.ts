import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Tests run from apps/web (its package.json's `vitest`).
const INDEX_HTML = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');

/**
 * One of index.html's first-paint templates filled in as the server does it
 * (apps/server/src/plugins/spa.ts), for plain text values.
 */
export function filledFirstPaint(name: string, values: Record<string, string>): string {
  const pieces = { brand: template('brand'), loading: template('loading') };
  return withoutLayoutWhitespace(
    template(name).replace(
      /\{\{(\w+)\}\}/g,
      (_all, key: string) => values[key] ?? pieces[key as keyof typeof pieces] ?? '',
    ),
  );
}

function template(name: string): string {
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
  return html
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/\s*(\/?>)/g, '$1')
    .replace(/<(\w+)\s+/g, '<$1 ')
    .trim();
}
