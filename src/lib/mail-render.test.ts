import { describe, expect, it } from 'vitest';
import { createMailRenderer, MailTemplateError, templateProblems } from './mail-render.ts';

const templates = {
  footer: { partial: true, html: '<p>National Cancer Institute &amp; partners</p>', text: 'National Cancer Institute & partners' },
  welcome: {
    subject: 'Registration {{reference}} for {{name}}',
    html: '<p>Dear {{name}},</p><a href="https://summit.example.org/checkout/{{reference}}">Pay</a>{{> footer}}',
    text: 'Dear {{name}},\nhttps://summit.example.org/checkout/{{reference}}\n{{> footer}}',
  },
};
const HOSTILE = '<script>alert(1)</script><a href="https://evil.example">x</a> "quoted" & \'single\' `tick` =';

describe('rendering a template as the Trigger Email extension does', () => {
  it('escapes every value in the html (markup, quotes, ampersands) and includes partials verbatim', () => {
    const out = createMailRenderer(templates).render('welcome', { name: HOSTILE, reference: 'abc"><img src=x>' });
    expect(out.html).not.toContain('<script>');
    expect(out.html).not.toContain('<a href="https://evil.example">');
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.html).toContain('&quot;quoted&quot; &amp; &#x27;single&#x27; &#x60;tick&#x60; &#x3D;');
    // A value cannot close the attribute it is put in.
    expect(out.html).toContain('href="https://summit.example.org/checkout/abc&quot;&gt;&lt;img src&#x3D;x&gt;"');
    expect(out.html).toContain('<p>National Cancer Institute &amp; partners</p>');
  });

  it('leaves subject and text unescaped (they are not markup) but never evaluates a value as a template', () => {
    const out = createMailRenderer(templates).render('welcome', { name: '{{reference}} & <b>', reference: 'r1' });
    expect(out.subject).toBe('Registration r1 for {{reference}} & <b>');
    expect(out.text).toBe('Dear {{reference}} & <b>,\nhttps://summit.example.org/checkout/r1\nNational Cancer Institute & partners');
  });

  it('renders a missing value as nothing, as the extension does (no strict mode)', () => {
    expect(createMailRenderer(templates).render('welcome', {}).subject).toBe('Registration  for ');
  });

  it('refuses an unknown template, a partial rendered as a template, and a missing partial, with the reason', () => {
    const renderer = createMailRenderer({ ...templates, broken: { subject: 'x', html: '{{> nowhere}}' } });
    expect(() => renderer.render('nope', {})).toThrow(new MailTemplateError("Tried to render non-existent template 'nope'"));
    expect(() => renderer.render('footer', {})).toThrow(MailTemplateError);
    expect(() => renderer.render('broken', {})).toThrow(/broken.*html.*nowhere/);
  });

  it('picks up a template edited since (a new renderer reads the documents as they are now)', () => {
    const edited = { ...templates, welcome: { ...templates.welcome, subject: 'Welcome, {{name}}' } };
    expect(createMailRenderer(edited).render('welcome', { name: 'Amina' }).subject).toBe('Welcome, Amina');
  });
});

describe('checking a template before it is saved', () => {
  const sample = { name: 'Amina', reference: 'r1' };
  it('accepts a good template', () => {
    expect(templateProblems('welcome', templates.welcome, templates, sample)).toEqual([]);
  });

  it('names each problem: a part that does not compile, an empty subject or body, a missing partial', () => {
    expect(templateProblems('welcome', { ...templates.welcome, html: '{{#if name}}unclosed' }, templates, sample)[0]).toMatch(/^The html does not compile: /);
    expect(templateProblems('welcome', { ...templates.welcome, subject: '  ' }, templates, sample)).toEqual(['The subject is empty.']);
    expect(templateProblems('welcome', { subject: 'x', html: '', text: '' }, templates, sample)).toEqual(['Write an HTML or a plain-text body.']);
    expect(templateProblems('welcome', { subject: 'x', html: '{{> gone}}' }, templates, sample)[0]).toMatch(/gone/);
  });

  it('checks a partial for syntax only (it has no subject of its own)', () => {
    expect(templateProblems('footer', { partial: true, html: '<p>ok</p>' }, templates, sample)).toEqual([]);
    expect(templateProblems('footer', { partial: true, html: '{{#each}}' }, templates, sample)).toHaveLength(1);
  });
});

describe('templates with some parts only', () => {
  it('renders only the parts a template has, an empty part as none, and without data', () => {
    const renderer = createMailRenderer({ notice: { subject: 'Notice', html: '', text: 'Plain only.' } });
    expect(renderer.render('notice')).toEqual({ subject: 'Notice', text: 'Plain only.' });
    expect(renderer.render('notice')).toEqual({ subject: 'Notice', text: 'Plain only.' }); // again, from the compiled cache
  });

  it('uses a partial in the part it was written for', () => {
    const renderer = createMailRenderer({
      sign: { partial: true, subject: '[NCI]', text: '-- NCI' },
      note: { subject: '{{> sign}} Hello', text: 'Hi\n{{> sign}}' },
    });
    expect(renderer.render('note', {})).toEqual({ subject: '[NCI] Hello', text: 'Hi\n-- NCI' });
  });

  it('says which part of which template failed to render', () => {
    const renderer = createMailRenderer({ broken: { subject: 'ok', text: '{{> missing}}' } });
    expect(() => renderer.render('broken', {})).toThrow(/^Template 'broken' \(text\) cannot be rendered: /);
  });

  it('accepts a template with a plain-text body only, and names a text or subject that does not compile', () => {
    const sample = { name: 'Amina' };
    expect(templateProblems('t', { subject: 'Hi', text: 'Hello {{name}}' }, {}, sample)).toEqual([]);
    expect(templateProblems('t', { subject: 'Hi {{#if}}', text: 'x {{/each}}' }, {}, sample).map((p) => p.split(':')[0])).toEqual([
      'The subject does not compile',
      'The text does not compile',
    ]);
    expect(templateProblems('t', { subject: 'Hi', html: ' ', text: ' ' }, {}, sample)).toEqual(['Write an HTML or a plain-text body.']);
    expect(templateProblems('t', {}, {}, sample)).toEqual(['The subject is empty.', 'Write an HTML or a plain-text body.']);
  });
});
