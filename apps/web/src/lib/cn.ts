import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; a later Tailwind utility overrides an earlier conflicting one. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its tables from Tailwind's scales on its first call (~15 ms of a phone's
 * main thread): built ahead, in a task of its own, they do not lengthen the first render.
 */
export function prepareClassMerging(): void {
  twMerge('p-0');
}
