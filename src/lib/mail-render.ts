// Renders a `mail` document's template exactly as Firebase's Trigger Email extension
// (firestore-send-email) does, so what the local worker sends and what the back office previews is
// what production sends: templates/{name} documents with Handlebars `subject`, `html` and `text`;
// documents with `partial: true` are registered as partials under their id; `html` escapes every
// value, `subject` and `text` do not (they are not markup). Nothing here touches Firestore.
import Handlebars from 'handlebars';

export interface TemplateDocument {
  subject?: string;
  html?: string;
  text?: string;
  /** A fragment other templates include with {{> name}} (the extension's partials). */
  partial?: boolean;
}

export interface MailAttachment {
  filename?: string;
  /** Base64 when `encoding` is 'base64'. */
  content?: string;
  encoding?: string;
  contentType?: string;
  /** Referenced from the html as `cid:<cid>` (an inline image). */
  cid?: string;
}

export interface RenderedMail {
  subject?: string;
  html?: string;
  text?: string;
}

export class MailTemplateError extends Error {}

type Part = 'subject' | 'html' | 'text';
const PARTS: Part[] = ['subject', 'html', 'text'];

/**
 * A renderer over a set of template documents (id → document), as the extension builds one from
 * its templates collection. `render` throws MailTemplateError for an unknown template, a syntax
 * error or a missing partial, with the reason, so a caller can record it instead of crashing.
 */
export function createMailRenderer(templates: Record<string, TemplateDocument>) {
  const engines = Object.fromEntries(PARTS.map((part) => [part, Handlebars.create()])) as Record<Part, typeof Handlebars>;
  for (const [name, t] of Object.entries(templates)) {
    if (!t.partial) continue;
    for (const part of PARTS) if (typeof t[part] === 'string') engines[part].registerPartial(name, t[part]);
  }
  const compiled = new Map<string, Partial<Record<Part, Handlebars.TemplateDelegate>>>();
  const compile = (name: string) => {
    const t = templates[name];
    if (!t || t.partial) throw new MailTemplateError(`Tried to render non-existent template '${name}'`);
    let group = compiled.get(name);
    if (!group) {
      group = {};
      for (const part of PARTS) {
        const source = t[part];
        if (typeof source === 'string' && source !== '') group[part] = engines[part].compile(source, { noEscape: part !== 'html' });
      }
      compiled.set(name, group);
    }
    return group;
  };
  return {
    render(name: string, data: Record<string, unknown> = {}): RenderedMail {
      const group = compile(name);
      const out: RenderedMail = {};
      for (const part of PARTS) {
        const fn = group[part];
        if (!fn) continue;
        try {
          out[part] = fn(data);
        } catch (error) {
          throw new MailTemplateError(`Template '${name}' (${part}) cannot be rendered: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return out;
    },
  };
}

/**
 * Why a template cannot be saved, or [] when it can: every part must parse, and render with the
 * sample data (which also catches a partial that does not exist), and a non-partial needs a
 * subject and an html or text body.
 */
export function templateProblems(
  name: string,
  template: TemplateDocument,
  others: Record<string, TemplateDocument>,
  sample: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  for (const part of PARTS) {
    const source = template[part];
    if (typeof source !== 'string' || source === '') continue;
    try {
      Handlebars.parse(source);
    } catch (error) {
      problems.push(`The ${part} does not compile: ${firstLine(error)}`);
    }
  }
  if (!template.partial) {
    if (!template.subject?.trim()) problems.push('The subject is empty.');
    if (!template.html?.trim() && !template.text?.trim()) problems.push('Write an HTML or a plain-text body.');
  }
  if (problems.length === 0 && !template.partial) {
    try {
      createMailRenderer({ ...others, [name]: template }).render(name, sample);
    } catch (error) {
      problems.push(firstLine(error));
    }
  }
  return problems;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
