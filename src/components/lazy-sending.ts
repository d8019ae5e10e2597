import { useEffect, useRef } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A module loaded once, when first asked for; asked again after a failure, so a dropped
 * connection does not break the form for good.
 */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * A react-hook-form resolver whose validation loads when first needed: a visitor form's schema
 * library (zod, about 24 KB gzip) and the code that sends it are not needed to type into it, so
 * they stay out of what a page loads before it runs (HydratedForm's `prepare` fetches them as soon
 * as the visitor starts on the form).
 */
export function lazyResolver<T extends FieldValues, C, R>(resolver: () => Promise<Resolver<T, C, R>>): Resolver<T, C, R> {
  return async (values, context, options) => (await resolver())(values, context, options);
}

/**
 * A ref for a form that fetches what sending needs (`prepare`: a lazyModule) as soon as the
 * visitor starts on it (a focus, a tap, a key, typing), or at once if they already have (a
 * prerendered form's fields take typing before the app runs).
 */
export function usePrepareOnFirstUse<T extends HTMLElement>(prepare: (() => unknown) | undefined) {
  const element = useRef<T>(null);
  useEffect(() => {
    const el = element.current;
    if (!el || !prepare) return;
    if (el.contains(document.activeElement)) return void prepare();
    const starts = ['focusin', 'pointerdown', 'keydown', 'input'];
    const start = () => {
      starts.forEach((type) => el.removeEventListener(type, start));
      void prepare();
    };
    starts.forEach((type) => el.addEventListener(type, start));
    return () => starts.forEach((type) => el.removeEventListener(type, start));
  }, [prepare]);
  return element;
}
