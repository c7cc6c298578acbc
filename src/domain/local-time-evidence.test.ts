import { describe, expect, it } from 'vitest';
import { parseWall } from './local-time';
import { resolveLocalTimes } from './local-time-evidence';

const wall = (s: string) => parseWall(s)!;
const utc = (s: string) => Date.parse(`${s}Z`);

// Santiago: 2025-04-06 00:00 -03 went back to 2025-04-05 23:00 -04; 23:xx happened twice,
// first at 02:xx UTC, then at 03:xx UTC.
const SCL = 'America/Santiago';
// The Canaries: 2025-10-26 02:00 WEST went back to 01:00 WET; 01:xx at 00:xx UTC, then 01:xx UTC.
const CAN = 'Atlantic/Canary';

describe('local times resolved from evidence', () => {
  it('decides the pass of a repeated hour by now, by created_at and by UTC id fields (Santiago)', () => {
    const now = utc('2025-04-06T03:30:30');
    const [firstLate, firstEarly, second, before] = resolveLocalTimes(
      [
        // First pass 23:50: its second reading (03:50) is still to come.
        { wall: wall('2025-04-05T23:50:00'), createdAt: utc('2025-04-06T02:50:40') },
        // First pass 23:20: both readings are past, but the record was made at 02:21.
        { wall: wall('2025-04-05T23:20:00'), createdAt: utc('2025-04-06T02:21:00') },
        // Second pass 23:29: made at 03:29:50, which either reading allows; its id says 03:29 UTC.
        {
          wall: wall('2025-04-05T23:29:00'),
          createdAt: utc('2025-04-06T03:29:50'),
          idFields: utc('2025-04-06T03:29:00'),
        },
        { wall: wall('2025-04-05T22:58:00'), idFields: utc('2025-04-06T01:58:00') },
      ],
      SCL,
      now,
    );
    expect(firstLate).toEqual({ kind: 'decided', utcMs: utc('2025-04-06T02:50:00'), by: 'now' });
    expect(firstEarly).toEqual({ kind: 'decided', utcMs: utc('2025-04-06T02:20:00'), by: 'created_at' });
    expect(second).toEqual({ kind: 'decided', utcMs: utc('2025-04-06T03:29:00'), by: 'id' });
    expect(before).toEqual({ kind: 'unique', utcMs: utc('2025-04-06T01:58:00') });
  });

  it('reads Canary ids as UTC only once the answer shows they are (there the later reading equals the wall time)', () => {
    const now = utc('2025-10-26T01:40:00');
    const second = { wall: wall('2025-10-26T01:30:00'), idFields: utc('2025-10-26T01:30:00') };
    // Alone, 01:30 fields read as the wall time or as the second pass in UTC: undecided, and said so.
    expect(resolveLocalTimes([second], CAN, now)).toEqual([
      { kind: 'ambiguous', utcMs: utc('2025-10-26T00:30:00'), later: utc('2025-10-26T01:30:00') },
    ]);
    // With a record from before the change whose id is its UTC time (00:58 WEST = 23:58 UTC).
    const utcIds = { wall: wall('2025-10-25T23:58:00'), idFields: utc('2025-10-25T22:58:00') };
    expect(resolveLocalTimes([second, utcIds], CAN, now)[0]).toEqual({
      kind: 'decided',
      utcMs: utc('2025-10-26T01:30:00'),
      by: 'id',
    });
    // With ids that are wall times, the id says nothing about the pass.
    const wallIds = { wall: wall('2025-10-25T23:58:00'), idFields: wall('2025-10-25T23:58:00') };
    expect(resolveLocalTimes([second, wallIds], CAN, now)[0]!.kind).toBe('ambiguous');
  });

  it('keeps a time undecided when nothing tells, and when the evidence contradicts itself', () => {
    const now = utc('2025-10-26T03:00:00');
    const [none, contradicted] = resolveLocalTimes(
      [
        { wall: wall('2025-10-26T01:10:00') },
        // Made before either reading: no reading is possible, so none is chosen.
        { wall: wall('2025-10-26T01:10:00'), createdAt: utc('2025-10-25T20:00:00') },
      ],
      CAN,
      now,
    );
    expect(none).toEqual({ kind: 'ambiguous', utcMs: utc('2025-10-26T00:10:00'), later: utc('2025-10-26T01:10:00') });
    expect(contradicted!.kind).toBe('ambiguous');
  });
});

describe('the answer’s order as evidence', () => {
  const now = utc('2025-10-27T12:00:00');
  // The Canaries' fall-back night, sorted by instant: the wall runs 01:20, 01:50, then back to 01:10.
  const byInstant = ['00:50', '01:20', '01:50', '01:10', '01:40', '02:10'].map((hm) => ({
    wall: wall(`2025-10-26T${hm}:00`),
  }));
  const instants = [
    '2025-10-25T23:50',
    '2025-10-26T00:20',
    '2025-10-26T00:50',
    '2025-10-26T01:10',
    '2025-10-26T01:40',
    '2025-10-26T02:10',
  ].map((s) => utc(`${s}:00`));

  it('places the run before the step back in the first pass and the run after it in the second', () => {
    const asc = resolveLocalTimes(byInstant, CAN, now, { order: 'asc' });
    expect(asc.map((t) => t.utcMs)).toEqual(instants);
    expect(asc.map((t) => t.kind)).toEqual(['unique', 'decided', 'decided', 'decided', 'decided', 'unique']);
    expect(asc[3]).toEqual({ kind: 'decided', utcMs: instants[3], by: 'order' });
    // Newest first, the same records read the same.
    const desc = resolveLocalTimes([...byInstant].reverse(), CAN, now, { order: 'desc' });
    expect(desc.map((t) => t.utcMs)).toEqual([...instants].reverse());
  });

  it('decides nothing when the answer is sorted by wall time, or steps back elsewhere, or its order is unknown', () => {
    const byWall = [...byInstant].sort((a, b) => a.wall - b.wall);
    expect(resolveLocalTimes(byWall, CAN, now, { order: 'asc' }).filter((t) => t.kind === 'ambiguous')).toHaveLength(4);
    expect(resolveLocalTimes(byInstant, CAN, now).filter((t) => t.kind === 'ambiguous')).toHaveLength(4);
    // Read newest first, an ascending answer steps back everywhere but in the repeated hour.
    expect(
      resolveLocalTimes(byInstant, CAN, now, { order: 'desc' }).filter((t) => t.kind === 'ambiguous'),
    ).toHaveLength(4);
  });
});

describe('what other answers taught of the ids', () => {
  // Both Canary passes read 01:30; the second pass's UTC fields are the wall time itself.
  const second = { wall: wall('2025-10-26T01:30:00'), idFields: utc('2025-10-26T01:30:00') };
  const now = utc('2025-10-27T00:00:00');

  it('reads the id as UTC once another answer showed the ids are UTC', () => {
    expect(resolveLocalTimes([second], CAN, now)[0]!.kind).toBe('ambiguous');
    expect(resolveLocalTimes([second], CAN, now, { idFields: 'utc' })[0]).toEqual({
      kind: 'decided',
      utcMs: utc('2025-10-26T01:30:00'),
      by: 'id',
    });
  });

  it('reads nothing from an id whose fields are learned to be local, or when the answers disagreed', () => {
    expect(resolveLocalTimes([second], CAN, now, { idFields: 'local' })[0]!.kind).toBe('ambiguous');
    expect(resolveLocalTimes([second], CAN, now, { idFields: 'conflict' })[0]!.kind).toBe('ambiguous');
    // Learned UTC, but this answer's own records show local fields: they disagree, so nothing is read.
    const localHere = { wall: wall('2025-10-25T23:58:00'), idFields: wall('2025-10-25T23:58:00') };
    expect(resolveLocalTimes([second, localHere], CAN, now, { idFields: 'utc' })[0]!.kind).toBe('ambiguous');
  });
});

it('calls the second pass likelier, not decided, when a record was made minutes after it', () => {
  // Made 01:31:10 UTC: 40 s after the second pass (01:30:30 WET), 61 min after the first (00:30:30 UTC).
  const [t] = resolveLocalTimes(
    [{ wall: wall('2025-10-26T01:30:30'), createdAt: utc('2025-10-26T01:31:10') }],
    CAN,
    utc('2025-10-27T00:00:00'),
  );
  expect(t).toEqual({
    kind: 'ambiguous',
    utcMs: utc('2025-10-26T00:30:30'),
    later: utc('2025-10-26T01:30:30'),
    likelyLater: true,
  });
  // Made hours later (a back-fill): no reading is likelier.
  const [late] = resolveLocalTimes(
    [{ wall: wall('2025-10-26T01:30:30'), createdAt: utc('2025-10-26T05:00:00') }],
    CAN,
    utc('2025-10-27T00:00:00'),
  );
  expect(late).not.toHaveProperty('likelyLater');
});
