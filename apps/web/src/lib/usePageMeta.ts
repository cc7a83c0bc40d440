import { PRODUCT_NAME } from '@app/shared';
import { useEffect } from 'react';

/** The title and description a page shows; a page without its own description shows the
 * site's (never the one the previous page left behind). */
export function pageMeta(
  title: string,
  description: string | undefined,
  siteDescription: string,
): { title: string; description: string } {
  return {
    title: title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME,
    description: description ?? siteDescription,
  };
}

function descriptionTag(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  return meta;
}

// The description index.html was served with, read before any page changes it.
let siteDescription: string | null = null;

/** Sets the document title and meta description of a page (static pages, docs/PRODUCT.md#screens). */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    const meta = descriptionTag();
    siteDescription ??= meta.content;
    const next = pageMeta(title, description, siteDescription);
    document.title = next.title;
    meta.content = next.description;
  }, [title, description]);
}
