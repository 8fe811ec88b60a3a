import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WhenOpened } from './WhenOpened';

function Dialog({ open }: { open: boolean }) {
  return <div data-testid="dialog">{open ? 'open' : 'closing'}</div>;
}

describe('WhenOpened', () => {
  it('renders nothing until first opened, then stays mounted so closing can play out', () => {
    const { rerender } = render(
      <WhenOpened open={false}>
        <Dialog open={false} />
      </WhenOpened>,
    );
    expect(screen.queryByTestId('dialog')).toBeNull();
    rerender(
      <WhenOpened open>
        <Dialog open />
      </WhenOpened>,
    );
    expect(screen.getByTestId('dialog').textContent).toBe('open');
    rerender(
      <WhenOpened open={false}>
        <Dialog open={false} />
      </WhenOpened>,
    );
    expect(screen.getByTestId('dialog').textContent).toBe('closing');
  });
});
