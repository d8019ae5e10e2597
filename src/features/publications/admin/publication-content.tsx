// Publications (blogs, news, research, awareness) as the content kit edits them. The stored shape
// is what the public pages read (see ../api.ts): body is a tiptap document, publishedAt is set the
// first time the article is published, and /blogs/{slug} finds it by slug.
import { href } from 'react-router';
import { z } from 'zod';
import type { ContentConfig } from '../../../admin/content/content-config.ts';
import { addressField, choiceField, optionalText, publishedField, requiredText, richTextField, slugField } from '../../../admin/content/field-schemas.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ArticleView } from '../ArticleView.tsx';
import type { Publication } from '../../../data/publications.ts';

export const CATEGORIES = ['blog', 'news', 'research', 'awareness'] as const;

/** Where each category is listed on the public site. */
const LIST_OF: Record<Publication['category'], string> = {
  blog: href('/blogs'),
  news: href('/blogs'),
  research: href('/research'),
  awareness: href('/awareness'),
};

export const publicationSchema = z
  .object({
    title: requiredText('Title', 200),
    slug: slugField(),
    category: choiceField('Category', CATEGORIES),
    summary: requiredText('Summary', 500),
    author: requiredText('Author', 120),
    body: richTextField('Body'),
    coverImageUrl: addressField('Cover image address', { required: false }),
    coverImageAlt: optionalText('Cover image description', 300),
    published: publishedField(),
  })
  .refine((p) => !p.coverImageUrl || p.coverImageAlt.length > 0, {
    path: ['coverImageAlt'],
    message: 'Describe the cover image for people who cannot see it.',
  });

export const publicationContent: ContentConfig = {
  collection: 'publications',
  noun: 'publication',
  title: 'Publications',
  summary: `Blogs, news, research and awareness articles. Published articles appear on ${href('/blogs')}, ${href('/research')} or ${href('/awareness')} at once.`,
  path: '/admin/publications',
  titleField: 'title',
  schema: publicationSchema,
  searchable: true,
  firstPublishedField: 'publishedAt',
  fields: [
    { name: 'title', kind: 'text', label: 'Title' },
    {
      name: 'slug',
      kind: 'slug',
      from: 'title',
      label: 'Address (slug)',
      hint: `The article is at ${href('/blogs/:slug', { slug: '' })} followed by this. Made from the title; changing it later breaks links already shared.`,
    },
    {
      name: 'category',
      kind: 'select',
      label: 'Category',
      options: CATEGORIES.map((c) => ({ value: c, label: `${c.charAt(0).toUpperCase()}${c.slice(1)} (listed on ${LIST_OF[c]})` })),
    },
    { name: 'summary', kind: 'textarea', rows: 3, label: 'Summary', hint: 'One or two sentences, shown in lists and at the top of the article.' },
    { name: 'author', kind: 'text', label: 'Author' },
    { name: 'body', kind: 'richtext', label: 'Body' },
    { name: 'coverImageUrl', kind: 'text', inputType: 'url', label: 'Cover image address (optional)', hint: 'https://…' },
    { name: 'coverImageAlt', kind: 'text', label: 'Cover image description (alt text)' },
  ],
  defaults: { author: 'Summit Secretariat' },
  columns: [
    { header: 'Category', value: (d) => String(d.category ?? '') },
    { header: 'Published on', value: (d) => formatDateTime(d.publishedAt as Date | undefined) },
  ],
  publicPath: (d) => (typeof d.slug === 'string' ? href('/blogs/:slug', { slug: d.slug }) : null),
  preview: (v) => (
    <ArticleView
      article={{
        category: v.category as Publication['category'],
        title: String(v.title ?? ''),
        author: String(v.author ?? ''),
        publishedAt: new Date(),
        summary: String(v.summary ?? ''),
        body: v.body,
      }}
    />
  ),
};
