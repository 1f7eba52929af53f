/**
 * Named statuses and their transition tables (DESIGN "States are tables"). A table lists, for
 * every status, the statuses a row may move to next; a status with an empty list is terminal.
 * Commands change a status with one conditional write,
 * `UPDATE … SET status = :to WHERE status IN (allowedFrom(to)) RETURNING …`, so two racing
 * commands cannot both win, and the database CHECKs accept exactly the table's statuses.
 */

export interface Transitions<S extends number> {
  /** Every status of the table, ascending: the values its database CHECK accepts. */
  readonly statuses: readonly S[];
  /** Whether a row in `from` may move to `to`. */
  canTransition(from: S, to: S): boolean;
  /** The statuses a row must be in to move to `to` (empty when nothing leads there). */
  allowedFrom(to: S): S[];
  /** Whether nothing leads out of `status`. */
  isTerminal(status: S): boolean;
}

/**
 * A transition table from the next statuses of each status; every status must be listed. Pure, so
 * a page that reads a module's labels does not ship its tables.
 */
/* @__NO_SIDE_EFFECTS__ */
export function transitions<S extends number>(
  next: Readonly<Record<S, readonly S[]>>,
): Transitions<S> {
  // Object keys are strings; the table's own values give the numbers back.
  const statuses = Object.keys(next).map(Number) as S[];
  return {
    statuses,
    canTransition: (from, to) => next[from].includes(to),
    allowedFrom: (to) => statuses.filter((from) => next[from].includes(to)),
    isTerminal: (status) => next[status].length === 0,
  };
}
