import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

describe('FormField', () => {
  it('names the control by its label and reads the hint with it; valid, nothing announced', () => {
    render(
      <FormField label="Page size" hint="From 1 to 200.">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const box = screen.getByRole('textbox', { name: 'Page size' });
    expect(box).toHaveAccessibleDescription('From 1 to 200.');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the control invalid and announces the form’s reason and the service’s, both read with it', () => {
    render(
      <>
        <p id="shared">Times are sent as typed.</p>
        <FormField label="Limit" describedBy="shared" error="Too many." serviceError="Service: refused.">
          {(control) => <input {...control} />}
        </FormField>
      </>,
    );
    const box = screen.getByRole('textbox', { name: 'Limit' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Times are sent as typed. Too many. Service: refused.');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Too many.', 'Service: refused.']);
  });

  it('marks a control invalid for a reason shown elsewhere', () => {
    render(
      <FormField label="From" invalid>
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('as a group, is a fieldset named by its legend and described by its error', () => {
    render(
      <FormField label="Sampling" group error="Needs one camera site.">
        {() => (
          <label>
            <input type="radio" name="f" /> hourly
          </label>
        )}
      </FormField>,
    );
    expect(screen.getByRole('group', { name: 'Sampling' })).toHaveAccessibleDescription('Needs one camera site.');
    expect(screen.getByRole('radio', { name: 'hourly' })).toBeInTheDocument();
  });
});
