import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { passwordRequirements, strongPassword } from '@reproute/contracts';
import { PasswordChecklist } from './PasswordChecklist';

const metLines = () => screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('(met)'));

describe('PasswordChecklist', () => {
  it('shows exactly the server rule, line for line', () => {
    render(<PasswordChecklist password="" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent?.replace('(not met)', ''))).toEqual(passwordRequirements.map((rule) => rule.label));
  });

  it.each(['Str0ng#Pass', 'Str0ng-Pass', 'Str0ng!Pass', 'weakpass', 'NoSpecial123'])('ticks every line for %s exactly when the server accepts it', (password) => {
    render(<PasswordChecklist password={password} />);
    expect(metLines().length === passwordRequirements.length).toBe(strongPassword.safeParse(password).success);
  });

  it('counts any non-alphanumeric character as the special one', () => {
    render(<PasswordChecklist password="#" />);
    expect(metLines().map((item) => item.textContent)).toEqual([`${passwordRequirements[4].label}(met)`]);
  });
});
