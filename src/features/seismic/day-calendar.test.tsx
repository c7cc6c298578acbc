import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseDay, type UtcMs } from '../../domain/time';
import { addUtcMonths, DayCalendar, dayForKey } from './day-calendar';

const day = (s: string) => parseDay(s)!;

describe('dayForKey', () => {
  it('moves by days, weeks, week ends, months and years', () => {
    const wed = day('2025-01-15'); // a Wednesday
    expect(dayForKey(wed, 'ArrowRight', false)).toBe(day('2025-01-16'));
    expect(dayForKey(wed, 'ArrowLeft', false)).toBe(day('2025-01-14'));
    expect(dayForKey(wed, 'ArrowDown', false)).toBe(day('2025-01-22'));
    expect(dayForKey(wed, 'ArrowUp', false)).toBe(day('2025-01-08'));
    expect(dayForKey(wed, 'Home', false)).toBe(day('2025-01-13'));
    expect(dayForKey(wed, 'End', false)).toBe(day('2025-01-19'));
    expect(dayForKey(wed, 'PageDown', false)).toBe(day('2025-02-15'));
    expect(dayForKey(wed, 'PageUp', true)).toBe(day('2024-01-15'));
    expect(dayForKey(wed, 'a', false)).toBeNull();
  });

  it('keeps a month jump inside the shorter month', () => {
    expect(addUtcMonths(day('2024-01-31'), 1)).toBe(day('2024-02-29'));
    expect(addUtcMonths(day('2025-03-31'), -1)).toBe(day('2025-02-28'));
    expect(addUtcMonths(day('2025-12-31'), 1)).toBe(day('2026-01-31'));
  });
});

describe('DayCalendar', () => {
  function setup(from = '2025-01-30') {
    const onPick = vi.fn<(f: UtcMs, t: UtcMs) => void>();
    const withData = new Set([day('2025-01-30'), day('2025-01-31'), day('2025-02-01'), day('2025-02-03')]);
    render(
      <DayCalendar from={day(from)} to={day(from)} now={day('2025-02-03')} daysWithData={withData} onPick={onPick} />,
    );
    return onPick;
  }

  it('has one day in the tab order and picks a range with arrows and Enter across a month end', async () => {
    const onPick = setup();
    const user = userEvent.setup();
    await user.tab(); // previous month
    await user.tab(); // next month
    await user.tab();
    expect(screen.getByRole('button', { name: '2025-01-30' })).toHaveFocus();
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0 && b.dataset.day)).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(day('2025-01-30'), day('2025-01-30'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    // February is shown now, and the focus followed into it.
    expect(screen.getByRole('grid', { name: /February 2025/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2025-02-01' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(day('2025-01-30'), day('2025-02-01'));
  });

  it('names days without data and passes over future days without picking them', async () => {
    const onPick = setup('2025-02-01');
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: '2025-02-02, no data' })).toBeInTheDocument();
    const future = screen.getByRole('button', { name: '2025-02-04, no data, in the future' });
    expect(future).toHaveAttribute('aria-disabled', 'true');
    await user.click(future);
    expect(onPick).not.toHaveBeenCalled();
    expect(future).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(day('2025-02-03'), day('2025-02-03'));
  });

  it('moves a month with Page Down and the buttons', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2025-01-30' }));
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('button', { name: /^2025-02-28/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: /January 2025/ })).toBeInTheDocument();
  });
});
