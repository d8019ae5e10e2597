import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEE_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES } from '../../data/statuses.ts';
import { StatusBadge, statusWord } from './StatusBadge.tsx';

describe('status words', () => {
  it('says every record, fee and payment status in words, never as a hyphenated code', () => {
    for (const status of [...REGISTRATION_STATUSES, ...FEE_STATUSES, ...PAYMENT_STATUSES]) expect(statusWord(status)).not.toMatch(/-/);
    expect(statusWord('checked-in')).toBe('checked in');
    expect(statusWord('not-required')).toBe('no payment needed');
    expect(statusWord('unpaid')).toBe('awaiting payment');
    expect(statusWord('confirmed')).toBe('confirmed');
  });

  it('shows the word in the badge, whatever its colour', () => {
    render(<StatusBadge status="not-required" />);
    expect(screen.getByText('no payment needed')).toBeInTheDocument();
    render(<StatusBadge status="something-new" />);
    expect(screen.getByText('something-new')).toBeInTheDocument();
  });
});
