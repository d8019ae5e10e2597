import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './root.tsx';
import NotFoundPage from '../features/pages/NotFoundPage.tsx';

describe('error pages', () => {
  it('renders Page Not Found for unknown routes', () => {
    const Stub = createRoutesStub([{ path: '*', Component: NotFoundPage }]);
    render(<Stub initialEntries={['/nowhere']} />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('renders Internal Server Error when a page throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    const Stub = createRoutesStub([{ path: '/', Component: Broken, ErrorBoundary: ErrorBoundary as never }]);
    render(<Stub initialEntries={['/']} />);
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
  });
});
