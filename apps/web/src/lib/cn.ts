import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

/**
 * tailwind-merge's configuration (Tailwind's scales as class groups), made once: by
 * `buildClassMergeConfig` ahead of the first render, or on the first merge if that comes first.
 */
let classMergeConfig: ReturnType<typeof getDefaultConfig> | undefined;

function defaultClassMergeConfig(): ReturnType<typeof getDefaultConfig> {
  classMergeConfig ??= getDefaultConfig();
  return classMergeConfig;
}

/** tailwind-merge as `twMerge` is, with its configuration from the task that built it. */
const mergeClasses = createTailwindMerge(defaultClassMergeConfig);

/** Joins class names; a later Tailwind utility overrides an earlier conflicting one. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/**
 * tailwind-merge builds its configuration and then its lookup tables on its first call: ~100 ms
 * of a phone's main thread in one task, so it is built ahead in two tasks of its own (decision
 * 045): the configuration here, the tables in `prepareClassMerging`.
 */
export function buildClassMergeConfig(): void {
  defaultClassMergeConfig();
}

export function prepareClassMerging(): void {
  mergeClasses('p-0');
}
