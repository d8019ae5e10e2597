import { describe, expect, it } from 'vitest';
import { addressField, dateTimeField, linkListField, optionalDateField, requiredText, richTextField, slugField, wholeNumberField } from './field-schemas.ts';

const issue = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => result.error?.issues[0];

describe('content field schemas', () => {
  it('required text is trimmed, and its messages say what to type', () => {
    expect(requiredText('Title', 10).parse('  Hello ')).toBe('Hello');
    expect(issue(requiredText('Title', 10).safeParse('   '))?.message).toBe('Enter the title.');
    expect(issue(requiredText('Title', 3).safeParse('Long'))?.message).toBe('The title must be at most 3 characters.');
  });

  it('addresses must be http(s) (mailto where allowed); optional ones may be empty', () => {
    expect(addressField('Link').parse(' https://example.org/a ')).toBe('https://example.org/a');
    // A bare domain is an address people type: it means https://.
    expect(addressField('Link').parse(' www.example.org/a ')).toBe('https://www.example.org/a');
    for (const bad of ['javascript:alert(1)', 'www', '/relative', 'data:text/html,x', '']) {
      expect(addressField('Link').safeParse(bad).success, bad).toBe(false);
    }
    expect(addressField('Link').safeParse('mailto:a@b.org').success).toBe(false);
    expect(addressField('Link', { mailto: true }).safeParse('mailto:a@b.org').success).toBe(true);
    expect(addressField('Website', { required: false }).parse('')).toBe('');
    expect(issue(addressField('Website', { required: false }).safeParse('ftp://x.org'))?.message).toBe(
      'Leave the website empty or enter it, like www.example.org or https://….',
    );
  });

  it('date-times become Dates; a missing one is an error', () => {
    expect(dateTimeField('Start').parse('2027-05-12T09:00')).toEqual(new Date('2027-05-12T06:00:00Z'));
    expect(issue(dateTimeField('Start').safeParse(''))?.message).toBe('Enter the start (date and time).');
    expect(optionalDateField('Deadline').parse('')).toBeNull();
    expect(optionalDateField('Deadline').parse('2027-05-12')).toEqual(new Date('2027-05-12T20:59:00Z'));
  });

  it('whole numbers come from text, within bounds; optional ones may be empty', () => {
    expect(wholeNumberField('Order', 1, 99).parse(' 7 ')).toBe(7);
    for (const bad of ['', '0', '100', '2.5', 'seven']) expect(wholeNumberField('Order', 1, 99).safeParse(bad).success, bad).toBe(false);
    expect(wholeNumberField('Amount', 0, 10, { required: false }).parse('')).toBeNull();
  });

  it('rich text must hold some text or an image when required', () => {
    const empty = { type: 'doc', content: [{ type: 'paragraph' }] };
    const image = { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://x.org/a.png', alt: '' } }] };
    expect(issue(richTextField('Body').safeParse(empty))?.message).toBe('Write the body.');
    expect(richTextField('Body').safeParse(image).success).toBe(true);
    expect(richTextField('Body', { required: false }).safeParse(empty).success).toBe(true);
    expect(richTextField('Body').safeParse('<p>html</p>').success).toBe(false);
  });

  it('document lists need a name and a safe address per row, and say which row is wrong', () => {
    const result = linkListField().safeParse([
      { name: 'Tender', url: 'https://x.org/t.pdf' },
      { name: '', url: 'javascript:x' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['1.name', '1.url']);
  });

  it('slugs are what slugify makes: lower-case letters, digits, _ and -', () => {
    expect(slugField().parse('why-early-detection-2027-may-12')).toBe('why-early-detection-2027-may-12');
    for (const bad of ['', 'Has Caps', '-leading', 'a/b', 'é']) expect(slugField().safeParse(bad).success, bad).toBe(false);
  });
});
