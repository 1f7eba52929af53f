import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import { transitions } from './transitions.ts';

// A door: closed ↔ open, closed → locked, and locked is final.
const Door = { Closed: 1, Open: 2, Locked: 3 } as const;
type Door = (typeof Door)[keyof typeof Door];
const door = transitions<Door>({
  [Door.Locked]: [],
  [Door.Closed]: [Door.Open, Door.Locked],
  [Door.Open]: [Door.Closed],
});

describe('transitions', () => {
  it('lists every status in ascending order', () => {
    expect(door.statuses).toEqual([1, 2, 3]);
  });

  it('allows exactly the listed edges', () => {
    expect(allowedEdges(door)).toEqual([
      [Door.Closed, Door.Open],
      [Door.Closed, Door.Locked],
      [Door.Open, Door.Closed],
    ]);
    expect(door.canTransition(Door.Open, Door.Open)).toBe(false);
    expect(door.canTransition(Door.Locked, Door.Closed)).toBe(false);
  });

  it('answers the statuses a row must be in to reach a target', () => {
    expect(door.allowedFrom(Door.Closed)).toEqual([Door.Open]);
    expect(door.allowedFrom(Door.Locked)).toEqual([Door.Closed]);
    expect(door.allowedFrom(Door.Open)).toEqual([Door.Closed]);
  });

  it('knows the terminal statuses', () => {
    expect(door.statuses.filter(door.isTerminal)).toEqual([Door.Locked]);
  });
});
