import { describe, expect, it } from 'vitest';
import { paragraphsOf, titledBlocksOf } from './paragraphs.ts';

describe('paragraphs as staff type them', () => {
  it.each([
    ['Unix line ends', 'One.\n\nTwo.', ['One.', 'Two.']],
    ['Windows line ends', 'One.\r\n\r\nTwo.', ['One.', 'Two.']],
    ['old Mac line ends', 'One.\r\rTwo.', ['One.', 'Two.']],
    ['an empty line holding spaces and tabs', 'One.\n \t \nTwo.', ['One.', 'Two.']],
    ['several empty lines', 'One.\n\n\n\nTwo.', ['One.', 'Two.']],
    ['a single line break', 'One,\nstill one.', ['One,\nstill one.']],
    ['a Windows single line break', 'One,\r\nstill one.', ['One,\nstill one.']],
    ['space around paragraphs', '  One.  \n\n  Two.  ', ['One.', 'Two.']],
    ['nothing but space', ' \n\n \t ', []],
    ['nothing', '', []],
  ])('splits on empty lines with %s', (_, text, paragraphs) => {
    expect(paragraphsOf(text)).toEqual(paragraphs);
  });
});

describe('blocks headed by their first line', () => {
  it('joins the rest of a block into one paragraph, each line trimmed', () => {
    expect(titledBlocksOf('  Screening  \n  Free screening,  \n  in every county.  ')).toEqual([
      { heading: 'Screening', paragraphs: ['Free screening, in every county.'] },
    ]);
  });

  it('gives a block with only a heading, or blank lines under it, no paragraph', () => {
    expect(titledBlocksOf('Registry\n   \r\n\r\nCounselling\n \t')).toEqual([
      { heading: 'Registry', paragraphs: [] },
      { heading: 'Counselling', paragraphs: [] },
    ]);
  });
});
