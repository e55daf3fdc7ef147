// A live channel's clock, copied into the D1 row the channel belongs to (a board's project, a hub's
// workspace), so a page reads it in the statement that checks its access instead of asking the
// Durable Object (ADR 062). The copy is written after the object's clock moves and never before,
// so it is never ahead: a page that reads it before its rows is replayed every change those rows
// may lack, and at worst a few it already has (harmless: batches carry whole rows).

/** Writes `current()` into one D1 row, one write at a time; the copy catches up after a burst. */
export class ClockMirror {
  /** What the row holds as far as this object knows; null until it has written once since it woke. */
  private written: number | null = null;
  private writing = false;

  constructor(
    private readonly db: D1Database,
    /** The UPDATE, with the clock as ?1 and the row's id as ?2. */
    private readonly update: string,
    /** The row's id: the name the object was reached by (undefined for an unnamed object). */
    private readonly rowId: string | undefined,
    private readonly current: () => number,
  ) {}

  /** The row may not hold what was last written (a client came with a clock from it this object never reached). */
  distrust(): void {
    this.written = null;
  }

  /**
   * Starts a write unless the row already holds the clock or one is under way (that one's end
   * looks again). Not awaited by publishers: a page that reads the row before it lands only gets
   * a few batches twice.
   */
  sync(): void {
    const clock = this.current();
    if (this.writing || this.rowId === undefined || clock === this.written) return;
    this.writing = true;
    this.db
      .prepare(this.update)
      .bind(clock, this.rowId)
      .run()
      .then(
        () => {
          this.writing = false;
          this.written = clock;
          this.sync();
        },
        (error: unknown) => {
          // The next publish or connect tries again; until then pages replay a little more.
          this.writing = false;
          console.error("live clock copy failed", this.update, error);
        },
      );
  }
}
